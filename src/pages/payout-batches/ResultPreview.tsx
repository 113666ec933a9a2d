/**
 * What a bank result file will do, shown before it is applied (the upload moves money): how many
 * payouts it pays and refuses with their amounts, how many stay with the bank, and every row it
 * cannot read with the reason, in which case it cannot be applied at all.
 */
import { Alert, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/fields/Money';
import { CurrencyContext } from '../../components/fields/currency';
import type { ResultPreviewData } from './api';

interface Props {
  preview: ResultPreviewData;
  fileName: string;
  usdt: boolean;
  /** The page's currency: the confirmation is drawn outside the shell that provides it. */
  currency: string;
}

export function ResultPreview({ preview, fileName, usdt, currency }: Props) {
  const { t } = useTranslation();
  const figure = (name: 'paid' | 'refused') => {
    const part = preview[name];
    return (
      <span data-testid={`preview-${name}`}>
        {t('payoutBatches.preview.count', { count: part.count })} · {usdt ? <Money usdt={part.usdtCount} /> : <Money minor={part.amount} />}
      </span>
    );
  };
  const items = [
    { key: 'paid', label: t('payoutBatches.preview.paid'), children: figure('paid') },
    { key: 'refused', label: t('payoutBatches.preview.refused'), children: figure('refused') },
    { key: 'left', label: t('payoutBatches.preview.left'), children: <span data-testid="preview-left">{t('payoutBatches.preview.count', { count: preview.left })}</span> },
  ];
  return (
    <CurrencyContext.Provider value={currency}>
      <div data-testid="result-preview">
        <Typography.Paragraph>{t('payoutBatches.preview.intro', { file: fileName, rows: preview.rows })}</Typography.Paragraph>
        <Descriptions size="small" bordered column={1} items={items} />
        {preview.refused.count > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('payoutBatches.preview.refusedHint')}
          </Typography.Paragraph>
        )}
        {preview.unreadable.length > 0 && (
          <>
            <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('payoutBatches.preview.unreadable', { count: preview.unreadable.length })} description={t('payoutBatches.preview.unreadableHint')} />
            <Table
              size="small"
              data-testid="preview-unreadable"
              style={{ marginTop: 8 }}
              rowKey="row"
              pagination={preview.unreadable.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={preview.unreadable}
              columns={[
                { title: t('payoutBatches.preview.row'), dataIndex: 'row', width: 64 },
                { title: t('payoutBatches.preview.column'), dataIndex: 'column', render: (v: string | null) => v ?? '-' },
                { title: t('payoutBatches.preview.reason'), dataIndex: 'fault', render: (fault: string) => t(`payoutBatches.preview.faults.${fault}`) },
              ]}
            />
          </>
        )}
      </div>
    </CurrencyContext.Provider>
  );
}
