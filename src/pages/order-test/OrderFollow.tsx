/**
 * A placed test order, followed: its number (copyable), pay link and QR code (a collection order),
 * and its status with its test status, or a payout's state with its steps, polled every few seconds
 * until the order can no longer change.
 */
import { useEffect, useRef } from 'react';
import { Alert, Card, Descriptions, QRCode, Space, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreatedOrder } from '../../../resources/order-test/schema';
import { orderTestApi } from './api';
import { isSettled, orderStatusRows, payoutStatusRows } from './FollowStatus';

const POLL_SECONDS = 3;

interface Props {
  order: CreatedOrder;
  /** The amount as typed (the API's amount is scaled for the product). */
  typedAmount: string;
  /** A payout: followed through the payout list, by its payout state. */
  payout: boolean;
}

export function OrderFollow({ order, typedAmount, payout }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const card = useRef<HTMLDivElement>(null);
  // The form is long: bring the new order into view. A block, not an arrow's value: browsers now
  // answer scrollIntoView with a promise, which React would call as the effect's cleanup on unmount.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);
  const follow = useQuery({
    queryKey: ['orderTest', 'follow', order.orderCode],
    queryFn: () => (payout ? orderTestApi.followPayout(order.orderCode) : orderTestApi.follow(order.orderCode)),
    refetchInterval: (query) => (isSettled(query.state.data) ? false : POLL_SECONDS * 1000),
  });
  const rows = (payout ? payoutStatusRows : orderStatusRows)(t, follow.data);

  return (
    <Card size="small" data-testid="order-test-result" ref={card}>
      <Alert type="success" showIcon message={t(payout ? 'orderTest.payoutCreated' : 'orderTest.created')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 }, content: { wordBreak: 'break-all' } }}>
        <Descriptions.Item label={t('orderTest.fields.orderCode')}>
          <Typography.Text copyable={{ onCopy: () => message.success(t('orderTest.copied')) }} data-testid="order-test-code">
            {order.orderCode}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orderTest.fields.mchOrderNo')}>{order.mchOrderNo}</Descriptions.Item>
        <Descriptions.Item label={t('orderTest.fields.amount')}>{typedAmount}</Descriptions.Item>
        {/* A pay page only where the order has one to offer: a payout has no payer. */}
        {order.payUrl && (
          <Descriptions.Item label={t('orderTest.fields.payUrl')}>
            <Space direction="vertical">
              <Typography.Link href={order.payUrl} target="_blank" rel="noopener noreferrer" data-testid="order-test-pay-link">
                {t('orderTest.openPay')}
              </Typography.Link>
              <Typography.Text type="secondary" copyable>
                {order.payUrl}
              </Typography.Text>
              <QRCode value={order.payUrl} size={160} />
            </Space>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={rows.statusLabel}>
          {rows.status}
          {!isSettled(follow.data) && <Typography.Text type="secondary">{t('orderTest.following', { seconds: POLL_SECONDS })}</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
      {/* The steps take the card's whole width, outside the table (a payout has four or five): in a cell they squeezed the labels to a character a line. */}
      <div style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{rows.stepsLabel}</Typography.Text>
        <div style={{ marginTop: 12 }}>{rows.steps}</div>
      </div>
    </Card>
  );
}
