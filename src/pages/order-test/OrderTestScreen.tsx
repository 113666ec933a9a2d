/** The test-order screen: the form beside the order it placed last, followed live; a refused submit clears it, so no earlier success stands beside a failure. */
import { useState } from 'react';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedOrder } from '../../../resources/order-test/schema';
import { OrderTestForm } from './OrderTestForm';
import { OrderFollow } from './OrderFollow';

export function OrderTestScreen({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const [placed, setPlaced] = useState<{ order: CreatedOrder; typedAmount: string; payout: boolean } | null>(null);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t(admin ? 'resources.orderTestAdmin' : 'resources.orderTest')} size="small">
          <OrderTestForm admin={admin} onPlaced={(order, typedAmount, payout) => setPlaced({ order, typedAmount, payout })} onRefused={() => setPlaced(null)} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        {placed && <OrderFollow key={placed.order.orderCode} order={placed.order} typedAmount={placed.typedAmount} payout={placed.payout} />}
      </Col>
    </Row>
  );
}
