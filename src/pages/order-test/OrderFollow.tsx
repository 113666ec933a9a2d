/**
 * A placed test order, followed: its number (copyable), pay link and QR code, and its status and
 * test status, polled every few seconds until the order can no longer change.
 */
import { useEffect, useRef } from 'react';
import { Alert, Card, Descriptions, QRCode, Space, Steps, Tag, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEST_STATUSES, type OrderStatus, type TestStatus } from '../../../resources/orders/statuses';
import { testStatusOf, type CreatedOrder } from '../../../resources/order-test/schema';
import { orderTestApi } from './api';

const POLL_SECONDS = 3;
/** Statuses after which nothing more happens to a test order. */
const SETTLED: readonly OrderStatus[] = ['callbackSucceeded', 'rejected', 'timedOut', 'allocationFailed'];

interface Props {
  order: CreatedOrder;
  /** The amount as typed (the API's amount is scaled for the product). */
  typedAmount: string;
}

export function OrderFollow({ order, typedAmount }: Props) {
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
    queryFn: () => orderTestApi.follow(order.orderCode),
    refetchInterval: (query) => (query.state.data?.status && SETTLED.includes(query.state.data.status) ? false : POLL_SECONDS * 1000),
  });
  const status = follow.data?.status;
  // The order's status says how far the test has come; the stored test status only stands in until it is known.
  const stored = follow.data?.testStatus;
  const testStatus: TestStatus = status ? testStatusOf(status) : stored && (TEST_STATUSES as readonly string[]).includes(stored) ? (stored as TestStatus) : 'preparation';

  return (
    <Card size="small" data-testid="order-test-result" ref={card}>
      <Alert type="success" showIcon message={t('orderTest.created')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 }, content: { wordBreak: 'break-all' } }}>
        <Descriptions.Item label={t('orderTest.fields.orderCode')}>
          <Typography.Text copyable={{ onCopy: () => message.success(t('orderTest.copied')) }} data-testid="order-test-code">
            {order.orderCode}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orderTest.fields.mchOrderNo')}>{order.mchOrderNo}</Descriptions.Item>
        <Descriptions.Item label={t('orderTest.fields.amount')}>{typedAmount}</Descriptions.Item>
        {/* A pay page only where the order has one to offer. */}
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
        <Descriptions.Item label={t('orderTest.fields.status')}>
          <Tag color={status === 'callbackSucceeded' || status === 'submitted' ? 'green' : status === 'pendingConfirmation' ? 'orange' : 'blue'} data-testid="order-test-status">
            {status ? t(`orderStatus.${status}`) : '-'}
          </Tag>
          <Typography.Text type="secondary">{t('orderTest.following', { seconds: POLL_SECONDS })}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('orderTest.fields.testStatus')}>
          <Steps
            size="small"
            labelPlacement="vertical"
            current={TEST_STATUSES.indexOf(testStatus)}
            data-testid="order-test-test-status"
            items={TEST_STATUSES.map((s) => ({ title: t(`orderTest.testStatuses.${s}`) }))}
          />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
