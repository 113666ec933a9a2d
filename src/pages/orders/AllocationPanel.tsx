/**
 * Why the order went where it did (GET /order/getOrderAllocateInfo). The server decides how much
 * each caller sees: staff get every account weighed with the reasons it was passed over, the
 * order's merchant or supplier only the step, time, outcome and amounts; this panel shows what
 * came back, so no role check of its own is needed here.
 */
import type { ReactNode } from 'react';
import { Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useShow } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderApi } from '../../../resources/orders/api';
import type { SkipReason } from '../../../resources/orders/allocation-rules';
import { get } from '../../providers/http';
import { Money } from '../../components/fields/Money';
import { FieldValue } from '../../components/fields/FieldValue';
import { useDeclaration } from '../../components/resource/useDeclaration';

interface Candidate {
  accountId: number;
  kind: string;
  supplierId: number;
  productId: number;
  reasons: SkipReason[];
  figures?: { openCount: number; todayCount: number; todayAmount: number; balance: number };
  chosen?: true;
}

/** The full record (staff) or its summary (the order's members): the summary has no candidates. */
interface AllocationView {
  action: string;
  at: string;
  outcome: string;
  amount: number;
  payAmount?: number | null;
  limitMode?: string;
  candidates?: Candidate[];
  moreCandidates?: number;
  chosen?: { payAmount: number } | null;
}

const AT_FIELD = { name: 'at', type: 'datetime' } as const;

export function AllocationPanel() {
  const { t } = useTranslation();
  const { identifier } = useDeclaration();
  const { query } = useShow({ resource: identifier });
  const orderCode = (query.data?.data as { orderCode?: string } | undefined)?.orderCode;
  const answer = useQuery({
    queryKey: ['allocateInfo', orderCode],
    queryFn: () => get<{ allocateInfo: AllocationView | null }>(orderApi.allocateInfo, { orderCode }, { silent: true }),
    enabled: Boolean(orderCode),
  });
  if (!answer.data) return null;
  const info = answer.data.allocateInfo;
  const label = (key: string) => t(`orderAllocation.labels.${key}`);
  const payAmount = info?.payAmount ?? info?.chosen?.payAmount ?? null;

  return (
    <Card title={t('orderAllocation.title')} style={{ marginTop: 16 }} data-testid="order-allocation">
      {!info?.outcome ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderAllocation.none')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={label('action')}>{t(`orderAllocation.action.${info.action}`)}</Descriptions.Item>
            <Descriptions.Item label={label('at')}>
              <FieldValue field={AT_FIELD} value={info.at} />
            </Descriptions.Item>
            <Descriptions.Item label={label('outcome')}>
              <Tag color={info.outcome === 'allocated' ? 'green' : 'red'}>{t(`orderAllocation.outcome.${info.outcome}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={label('amount')}>
              <Money minor={info.amount} />
            </Descriptions.Item>
            {payAmount !== null && (
              <Descriptions.Item label={label('payAmount')}>
                <Money minor={payAmount} />
              </Descriptions.Item>
            )}
            {info.limitMode && <Descriptions.Item label={label('limitMode')}>{t(`orderAllocation.limitMode.${info.limitMode}`)}</Descriptions.Item>}
          </Descriptions>
          {info.candidates && <Candidates candidates={info.candidates} />}
          {Boolean(info.moreCandidates) && <Typography.Text type="secondary">{t('orderAllocation.moreCandidates', { count: info.moreCandidates })}</Typography.Text>}
        </Space>
      )}
    </Card>
  );
}

/** Every account weighed: the one chosen, and why each other was passed over. */
function Candidates({ candidates }: { candidates: Candidate[] }) {
  const { t } = useTranslation();
  const label = (key: string) => t(`orderAllocation.labels.${key}`);
  const figure = (key: string, value: ReactNode) => (
    <div key={key}>
      {t(`orderAllocation.figures.${key}`)}
      {t('orderAllocation.colon')}
      {value}
    </div>
  );
  return (
    <Table
      size="small"
      rowKey="accountId"
      pagination={false}
      scroll={{ x: 'max-content' }}
      title={() => label('candidates')}
      dataSource={candidates}
      data-testid="order-allocation-candidates"
      columns={[
        { title: label('account'), dataIndex: 'accountId' },
        { title: label('supplier'), dataIndex: 'supplierId' },
        { title: label('product'), dataIndex: 'productId' },
        {
          title: label('reasons'),
          key: 'reasons',
          render: (_: unknown, c: Candidate) => (c.chosen ? <Tag color="green">{t('orderAllocation.chosen')}</Tag> : c.reasons.map((r) => <Tag key={r}>{t(`orderAllocation.reason.${r}`)}</Tag>)),
        },
        {
          title: label('figures'),
          key: 'figures',
          render: (_: unknown, c: Candidate) =>
            c.figures && [figure('openCount', c.figures.openCount), figure('todayCount', c.figures.todayCount), figure('todayAmount', <Money minor={c.figures.todayAmount} />), figure('balance', <Money minor={c.figures.balance} />)],
        },
      ]}
    />
  );
}
