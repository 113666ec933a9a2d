/** Clears the whole monitor log after a confirmation; shown to roles that may (abilities: delete). */
import { Button, Popconfirm } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { ClearOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { monitorLogApi } from '../../../resources/monitor-logs/api';
import { get } from '../../providers/http';
import { useDeclaration } from '../../components/resource/useDeclaration';

export function ClearLogButton() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const ability = useAbility<AppAbility>();
  const invalidate = useInvalidate();
  const { identifier } = useDeclaration();
  if (!ability.can('delete', identifier)) return null;

  const clear = async () => {
    const { removed } = await get<{ removed: number }>(monitorLogApi.clear);
    void message.success(t('monitorLogs.clear.done', { count: removed }));
    await invalidate({ resource: identifier, invalidates: ['list'] });
  };

  return (
    <Popconfirm
      title={t('monitorLogs.clear.title')}
      description={t('monitorLogs.clear.content')}
      okText={t('monitorLogs.clear.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
      onConfirm={clear}
    >
      <Button danger icon={<ClearOutlined />}>
        {t('monitorLogs.clear.button')}
      </Button>
    </Popconfirm>
  );
}
