/**
 * Global config /systemConfig (and its read-only variant /systemConfig/readonly): every setting of
 * resources/system-config/settings.ts in a card per group, then the security parameters. Custom
 * screen: the settings are not rows of an entity but one control per setting, each saved on its own
 * by its own call. Whether the edit controls exist is the ability's `edit` on systemConfig alone.
 */
import { Alert, Card, Space, Tag, Typography } from 'antd';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { SETTING_GROUPS, SETTINGS } from '../../../resources/system-config/settings';
import { SettingRow } from './SettingRow';
import { SecurityParameters } from './SecurityParameters';

export default function SystemConfigPage() {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const editable = ability.can('edit', 'systemConfig');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="system-config">
      <Card>
        <Space direction="vertical" size={4}>
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(editable ? 'resources.systemConfig' : 'resources.systemConfig-readonly')}
            </Typography.Title>
            {!editable && <Tag color="blue">{t('systemConfig.readonly')}</Tag>}
          </Space>
          <Typography.Text type="secondary">{t(editable ? 'systemConfig.intro' : 'systemConfig.readonlyIntro')}</Typography.Text>
        </Space>
      </Card>
      {SETTING_GROUPS.map((group) => {
        const settings = SETTINGS.filter((s) => s.group === group);
        return (
          <Card key={group} data-testid={`group-${group}`} title={t(`systemConfig.groups.${group}.title`)} styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}>
            {group === 'bot' || group === 'googleVerify' ? (
              <Alert type={group === 'bot' ? 'warning' : 'info'} showIcon message={t(`systemConfig.groups.${group}.description`)} style={{ margin: '12px 0 4px' }} />
            ) : (
              <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
                {t(`systemConfig.groups.${group}.description`)}
              </Typography.Paragraph>
            )}
            {settings.map((s, i) => (
              <SettingRow key={s.name} setting={s} editable={editable} last={i === settings.length - 1} />
            ))}
          </Card>
        );
      })}
      <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
        {t('systemConfig.groups.securityParams.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('systemConfig.groups.securityParams.description')}</Typography.Text>
      <SecurityParameters editable={editable} />
    </Space>
  );
}
