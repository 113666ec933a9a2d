/**
 * The platform's on/off switch (enableService): superAdmin turns it, after a confirmation (off
 * means no merchant can place an order); every other dashboard reader sees its state.
 */
import { Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useAbility } from '@casl/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../providers/http';
import { settingPath } from '../../../resources/system-config/settings';
import { statisticsApi } from '../../../resources/statistics/api';
import type { AppAbility } from '../../../providers/ability-engine';

export function ServiceSwitch({ refetchInterval }: { refetchInterval: number | false }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const ability = useAbility<AppAbility>();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const state = useQuery({ queryKey: ['home', 'service'], queryFn: () => get<{ enable: boolean }>(statisticsApi.serviceState), refetchInterval });
  const enabled = state.data?.enable;
  if (enabled === undefined) return null;
  const label = <Typography.Text type="secondary">{t('home.service.title')}</Typography.Text>;
  if (!ability.can('edit', 'systemConfig')) {
    return (
      <Space data-testid="home-service">
        {label}
        <Tag color={enabled ? 'green' : 'red'}>{t(enabled ? 'home.service.on' : 'home.service.off')}</Tag>
      </Space>
    );
  }
  const turn = async () => {
    setBusy(true);
    try {
      await post(settingPath('set', 'enableService'), { enable: !enabled });
      await client.invalidateQueries({ queryKey: ['home', 'service'] });
      void message.success(t('home.service.changed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space data-testid="home-service">
      {label}
      <Popconfirm title={t(enabled ? 'home.service.confirmOff' : 'home.service.confirmOn')} onConfirm={turn} okButtonProps={{ danger: enabled }}>
        <Switch checked={enabled} loading={busy} checkedChildren={t('home.service.on')} unCheckedChildren={t('home.service.off')} aria-label={t('home.service.title')} />
      </Popconfirm>
    </Space>
  );
}
