/** The orders of a batch, with checkboxes for the exception when it may be marked exceptional. */
import { Table, Tag } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutStateCode } from '../../../resources/payouts/states';
import { rejectReasonKey } from '../../../resources/payouts/reject-reasons';
import type { BatchOrder } from './api';
import { Money } from '../../components/fields/Money';

const STATE_COLORS: Record<string, string> = { waiting: 'default', preparing: 'gold', paying: 'processing', completed: 'green', revoked: 'red', cancelled: 'default', held: 'orange' };

interface Props {
  orders: BatchOrder[];
  usdt: boolean;
  selectable: boolean;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
}

export function BatchOrders({ orders, usdt, selectable, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const label = (name: string) => t(`payoutBatches.orderFields.${name}`);
  const money = (v: number) => <Money minor={v} />;
  // A reason's code in the screen's language; a bank's remark or an operator's words as given.
  const reasonText = (stored: string) => {
    const key = rejectReasonKey(stored);
    return key ? t(key) : stored;
  };
  const payee = usdt
    ? [
        { title: label('usdtAddress'), dataIndex: 'usdtAddress' },
        { title: label('usdtCount'), dataIndex: 'usdtCount', align: 'right' as const, render: (v: number | null) => <Money usdt={v} /> },
      ]
    : [
        { title: label('userName'), dataIndex: 'userName' },
        { title: label('cardNumber'), dataIndex: 'cardNumber' },
        { title: label('ifscCode'), dataIndex: 'ifscCode' },
        { title: label('bankName'), dataIndex: 'bankName' },
      ];
  const columns = [
    { title: label('orderCode'), dataIndex: 'orderCode' },
    { title: label('merchantOrderNo'), dataIndex: 'merchantOrderNo' },
    ...payee,
    { title: label('amount'), dataIndex: 'amount', align: 'right' as const, render: money },
    { title: label('merchantFee'), dataIndex: 'merchantFee', align: 'right' as const, render: money },
    {
      title: label('payoutStatus'),
      dataIndex: 'payoutStatus',
      render: (id: number) => {
        const code = payoutStateCode(id);
        return <Tag color={STATE_COLORS[code ?? ''] ?? 'default'}>{code ? t(`payoutStatus.${code}`) : id}</Tag>;
      },
    },
    { title: label('utr'), dataIndex: 'utr', render: (v: string | null) => v ?? '-' },
    { title: label('rejectReason'), dataIndex: 'rejectReason', render: (v: string | null) => (v === null ? '-' : reasonText(v)) },
  ];
  return (
    <Table<BatchOrder>
      rowKey="id"
      size="small"
      data-testid="batch-orders"
      dataSource={orders}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (total) => t('common.total', { total }) }}
      rowSelection={selectable ? { selectedRowKeys: selected, onChange: onSelect, preserveSelectedRowKeys: true } : undefined}
    />
  );
}
