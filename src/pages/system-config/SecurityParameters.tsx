/**
 * The security parameters on the config screen: the trusted-chain parameters of a chosen type
 * (get/setSecurityFreqParameters, minReliableCheckAmount sent x100) and the global security
 * setting (get/setGlobalSecuritySetting). Each form saves as a whole with "Setting Successful".
 */
import { Card, Col, InputNumber, Row, Space, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../providers/http';
import { toSecurityFreqPayload } from '../../providers/conventions';
import { GLOBAL_SECURITY_FIELDS, SECURITY_FREQ_FIELDS } from '../../../resources/system-config/schema';
import { systemConfigApi } from '../../../resources/system-config';
import { ParameterForm } from './ParameterForm';

const calls = systemConfigApi.calls;

export function SecurityParameters({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [type, setType] = useState(0);
  const [saving, setSaving] = useState<'freq' | 'global' | null>(null);
  const freq = useQuery({ queryKey: ['systemConfig', 'freq', type], queryFn: () => get<Record<string, number>>(calls.getSecurityFreqParameters, { type }) });
  const global = useQuery({ queryKey: ['systemConfig', 'globalSecurity'], queryFn: () => get<Record<string, number>>(calls.getGlobalSecuritySetting) });

  const save = async (which: 'freq' | 'global', send: () => Promise<unknown>) => {
    setSaving(which);
    try {
      await send();
      await client.invalidateQueries({ queryKey: which === 'freq' ? ['systemConfig', 'freq'] : ['systemConfig', 'globalSecurity'] });
      void message.success(t('systemConfig.saved'));
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(null);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card
          title={t('systemConfig.security.freqTitle')}
          extra={
            // Readers see the platform's set (type 0, the one the server reads); the editor picks any.
            editable && (
              <Space>
                <Typography.Text type="secondary">{t('systemConfig.security.type.label')}</Typography.Text>
                <InputNumber data-testid="freq-type" aria-label={t('systemConfig.security.type.label')} min={0} max={1000} precision={0} value={type} onChange={(v) => setType(v ?? 0)} style={{ width: 90 }} />
              </Space>
            )
          }
          style={{ height: '100%' }}
        >
          <Typography.Paragraph type="secondary">{t('systemConfig.security.freqHelp')}</Typography.Paragraph>
          <ParameterForm
            testId="freq-form"
            fields={SECURITY_FREQ_FIELDS}
            values={freq.data}
            editable={editable}
            saving={saving === 'freq'}
            onSave={(v) => save('freq', () => post(calls.setSecurityFreqParameters, { ...toSecurityFreqPayload(v as { minReliableCheckAmount: string }), type }))}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('systemConfig.security.globalTitle')} style={{ height: '100%' }}>
          <Typography.Paragraph type="secondary">{t('systemConfig.security.globalHelp')}</Typography.Paragraph>
          <ParameterForm testId="global-form" fields={GLOBAL_SECURITY_FIELDS} values={global.data} editable={editable} saving={saving === 'global'} onSave={(v) => save('global', () => post(calls.setGlobalSecuritySetting, v))} />
        </Card>
      </Col>
    </Row>
  );
}
