/** Header button to the error log, with the number of errors not yet looked at. */
import { useNavigate } from 'react-router';
import { Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../common/error-log/useErrorLog';
import { CountBadge } from '../../common/HeaderBadge';

export function ErrorLogButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { unread } = useErrorLog();
  return (
    <Tooltip title={t('shell.errorLog')}>
      <CountBadge count={unread} offset={[-4, 4]} data-testid="error-log-count">
        <Button type="text" aria-label={t('shell.errorLog')} data-testid="error-log-button" icon={<BugOutlined />} onClick={() => navigate('/error-logs')} />
      </CountBadge>
    </Tooltip>
  );
}
