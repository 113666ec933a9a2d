/** /401, /404 (also the hidden catch-all, "page does not exist") and /500. */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';

export default function ErrorPage({ status }: { status: 401 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('app.title')} - ${t(`errorPages.${status}.title`)}`;
  }, [status, t]);
  return (
    <Result
      status={status === 401 ? 403 : status}
      title={t(`errorPages.${status}.title`)}
      subTitle={t(`errorPages.${status}.subtitle`)}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('errorPages.backHome')}
        </Button>
      }
    />
  );
}
