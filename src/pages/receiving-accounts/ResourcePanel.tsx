/**
 * Processing orders, pay link, jump link and QR code of one account, with its on/off switch
 * (state 0 = enabled). The switch waits for the QR image's onLoad; success says "enabled" or
 * "disabled", a refusal shows the server's msg. An account without a public pay page (a payout
 * account) has no link and no QR code: it says so, and its switch waits for nothing.
 */
import { useState } from 'react';
import { Card, Descriptions, Space, Switch, Tag, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useInvalidate, useResourceParams } from '@refinedev/core';
import { useAbility } from '@casl/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../providers/ability-engine';
import { get, post } from '../../providers/http';
import { ENABLED_STATE } from '../../../resources/receiving-accounts/options';
import { resourceApi } from '../../../resources/receiving-accounts/kind';
import { Money } from '../../components/fields/Money';

interface ResourceDetail {
  id: number;
  productId: number;
  supplierName: string | null;
  processingOrderCount: number;
  processingOrderAmount: number;
  state: number;
  link: string | null;
  jumpLink: string | null;
  qrCode: string | null;
}

export function ResourcePanel() {
  const { t } = useTranslation();
  const { id, identifier } = useResourceParams();
  const ability = useAbility<AppAbility>();
  const invalidate = useInvalidate();
  const { message } = useFeedback();
  const [qrLoaded, setQrLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: ['resourceDetail', id],
    queryFn: () => get<ResourceDetail>(resourceApi.detail, { resourceId: id }, { silent: true }),
    enabled: id !== undefined,
  });
  if (!data) return null;

  const enabled = data.state === ENABLED_STATE;
  const toggle = async (enable: boolean) => {
    setBusy(true);
    try {
      await post(resourceApi.enable, { resourceId: data.id, productId: data.productId, enable }, { silent: true });
      message.success(t(enable ? 'receivingAccounts.detail.enabled' : 'receivingAccounts.detail.disabled'));
      await refetch();
      await invalidate({ resource: identifier, invalidates: ['list', 'detail'], id: data.id });
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const label = (name: string) => t(`receivingAccounts.detail.${name}`);
  const link = (url: string | null) =>
    url === null ? (
      <Typography.Text type="secondary">{label('noPayPage')}</Typography.Text>
    ) : (
      <Typography.Link href={url} target="_blank" rel="noreferrer" copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
        {url}
      </Typography.Link>
    );
  const waiting = data.qrCode !== null && !qrLoaded;

  return (
    <Card title={label('title')} style={{ marginTop: 16 }} data-testid="resource-panel">
      <Space align="start" size={32} wrap style={{ width: '100%' }}>
        <Descriptions bordered column={1} size="middle" style={{ minWidth: 360, maxWidth: 720 }} styles={{ label: { width: 200 } }}>
          <Descriptions.Item label={label('state')}>
            <Space>
              <Switch
                checked={enabled}
                loading={busy}
                disabled={waiting || !ability.can('enableResource', identifier ?? '')}
                onChange={toggle}
                aria-label={label('switch')}
                data-testid="resource-switch"
              />
              <Tag color={enabled ? 'green' : 'default'}>{t(`receivingAccounts.options.state.${data.state}`)}</Tag>
              {waiting && <Typography.Text type="secondary">{label('waitQr')}</Typography.Text>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={label('processingOrderCount')}>{data.processingOrderCount}</Descriptions.Item>
          <Descriptions.Item label={label('processingOrderAmount')}>
            <Money minor={data.processingOrderAmount} />
          </Descriptions.Item>
          <Descriptions.Item label={label('link')}>{link(data.link)}</Descriptions.Item>
          <Descriptions.Item label={label('jumpLink')}>{link(data.jumpLink)}</Descriptions.Item>
        </Descriptions>
        {data.qrCode !== null && (
          <div style={{ textAlign: 'center' }}>
            <img src={data.qrCode} alt={label('qrCode')} width={200} height={200} onLoad={() => setQrLoaded(true)} data-testid="resource-qr" style={{ border: '1px solid #f0f0f0', borderRadius: 8 }} />
            <div>
              <Typography.Text type="secondary">{label('qrCode')}</Typography.Text>
            </div>
          </div>
        )}
      </Space>
    </Card>
  );
}
