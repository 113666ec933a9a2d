/**
 * A merchant's batch upload of collection orders: the template to download, the file read and
 * checked here (./batch-preview.ts: the server's rules, every refused row named with its column),
 * then, only with no row refused, the confirmation that sends the file (POST /order/createBatch,
 * behind the second-level password) and the created orders, row by row. The server checks the
 * file again, all or nothing; its refusal shows here as it words it.
 */
import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { orderApi } from '../../../resources/orders/api';
import { batchTemplate, MAX_BATCH_ROWS } from '../../../resources/orders/batch-file';
import type { BatchCreated } from '../../../resources/merchant-api/answers';
import { statusCode } from '../../../resources/orders/statuses';
import { ApiError, request } from '../../providers/http';
import { saveFile } from '../../providers/download';
import { previewBatch, type BatchPreview, type BatchProblem, type PreviewRow } from './batch-preview';

const TEMPLATE_NAME = 'order-batch-template.csv';
/** The columns the preview shows of each row (the file may hold more). */
const SHOWN = ['mchOrderNo', 'productId', 'amount', 'notifyUrl'] as const;

/** A column as the screens label it, with its name in the file: "Amount (amount)". */
const columnLabel = (t: TFunction, field: string) => {
  const label = t(`orderTest.fields.${field}`, { defaultValue: '' });
  return label ? t('orderBatch.column', { label, name: field }) : field;
};

/** "Row 3: Amount (amount) has too many decimals", or the catalogue's own sentence (a duplicate number). */
export function problemText(t: TFunction, p: BatchProblem): string {
  const reason = t(p.key, p.params);
  const text = p.field && p.key.startsWith('validation.') ? t('validation.named', { label: columnLabel(t, p.field), reason }) : reason;
  return t('orderBatch.problem', { row: p.row, text });
}

export default function BatchUploadDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BatchPreview | null>(null);
  const [result, setResult] = useState<BatchCreated | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File) => {
    setResult(null);
    setRefusal(null);
    setFile(chosen);
    setPreview(previewBatch(await chosen.text(), '1'));
    return false; // read here; nothing is sent until confirmed
  };
  const reset = () => (setFile(null), setPreview(null), setResult(null), setRefusal(null));

  const submit = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('orderType', '1');
    form.append('file', file);
    setBusy(true);
    try {
      setResult(await request<BatchCreated>(orderApi.merchantBatch, { method: 'POST', body: form, silent: true }));
      onCreated();
    } catch (error) {
      // A cancelled second login took no action and refused nothing.
      if (!(error instanceof ApiError && error.promptCancelled)) setRefusal((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const refused = new Set(preview?.problems.map((p) => p.row));
  const canConfirm = Boolean(preview && preview.rows.length > 0 && preview.problems.length === 0 && !result);
  const footer = result ? (
    <Space>
      <Button onClick={reset}>{t('orderBatch.another')}</Button>
      <Button type="primary" onClick={onClose}>
        {t('orderBatch.close')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onClose}>{t('buttons.cancel')}</Button>
      <Button type="primary" disabled={!canConfirm} loading={busy} onClick={() => void submit()} data-testid="order-batch-confirm">
        {t('orderBatch.confirm', { count: preview?.rows.length ?? 0 })}
      </Button>
    </Space>
  );

  return (
    <Modal open title={t('orderBatch.title')} onCancel={onClose} footer={footer} width={960} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ margin: 0 }}>{t('orderBatch.intro', { max: MAX_BATCH_ROWS })}</Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => saveFile(new Blob([batchTemplate()], { type: 'text/csv' }), TEMPLATE_NAME)} data-testid="order-batch-template">
          {t('orderBatch.template')}
        </Button>
        {!result && (
          <Upload.Dragger accept=".csv,text/csv" showUploadList={false} beforeUpload={choose} data-testid="order-batch-file">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('orderBatch.choose')}</p>
            {file && <Typography.Text type="secondary">{t('orderBatch.fileName', { name: file.name })}</Typography.Text>}
          </Upload.Dragger>
        )}
        {preview && !result && (
          <>
            <Typography.Text strong data-testid="order-batch-summary">
              {t('orderBatch.summary', { count: preview.rows.length, bad: refused.size })}
            </Typography.Text>
            {preview.problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                message={t('orderBatch.problems')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="order-batch-problems">
                    {preview.problems.map((p, i) => (
                      <li key={i}>{problemText(t, p)}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {preview.rows.length > 0 && (
              <Table<PreviewRow>
                size="small"
                rowKey="row"
                pagination={false}
                scroll={{ y: 280, x: 'max-content' }}
                dataSource={preview.rows}
                data-testid="order-batch-preview"
                columns={[
                  { title: t('orderBatch.columns.row'), dataIndex: 'row', width: 64 },
                  { title: t('orderBatch.columns.check'), key: 'check', width: 96, render: (_: unknown, r: PreviewRow) => (refused.has(r.row) ? <Tag color="red">{t('orderBatch.refused')}</Tag> : <Tag color="green">{t('orderBatch.ok')}</Tag>) },
                  ...SHOWN.map((field) => ({ title: columnLabel(t, field), key: field, render: (_: unknown, r: PreviewRow) => r.values[field] ?? '' })),
                ]}
              />
            )}
          </>
        )}
        {refusal && <Alert type="error" showIcon message={t('orderBatch.notCreated')} description={refusal} data-testid="order-batch-refusal" />}
        {result && (
          <>
            <Alert type="success" showIcon message={t('orderBatch.created', { count: result.count, allocated: result.allocated, failed: result.allocationFailed })} data-testid="order-batch-created" />
            <Table
              size="small"
              rowKey="row"
              pagination={false}
              scroll={{ y: 320, x: 'max-content' }}
              dataSource={result.orders}
              data-testid="order-batch-result"
              columns={[
                { title: t('orderBatch.columns.row'), dataIndex: 'row', width: 64 },
                { title: columnLabel(t, 'mchOrderNo'), dataIndex: 'mchOrderNo' },
                { title: t('orderBatch.columns.orderCode'), dataIndex: 'orderCode' },
                { title: columnLabel(t, 'amount'), dataIndex: 'amount' },
                { title: t('orderBatch.columns.status'), dataIndex: 'status', render: (status: number) => t(`orderStatus.${statusCode(status) ?? status}`) },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
