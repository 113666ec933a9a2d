/**
 * A payout batch's page: its figures, the export progress (polled every second while the export
 * job writes the file), and the workflow buttons its state (resources/payout-batches/states.ts)
 * and the caller's abilities allow: Export, Download, Confirm, Mark exceptional with the ticked
 * orders, Upload result (the file previewed first, applied only on its Confirm). Each button press
 * is one decision with its own Idempotency-Key; the second-level password window opens from the
 * http layer, its confirmation put away first; a Google code is asked while the BatchOperations
 * switch is on. Custom because it is a workflow on one record, not a form.
 */
import { useEffect, useRef, useState, type Key } from 'react';
import { useParams, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Progress, Result, Space, Spin, Tag, Typography, Upload } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { CheckOutlined, CloudDownloadOutlined, ExportOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AppAbility } from '../../../providers/ability-engine';
import { payoutBatchApi } from '../../../resources/payout-batches/api';
import { batchCan, batchStateCode } from '../../../resources/payout-batches/states';
import { templateOf } from '../../../resources/payout-batches/templates';
import { ApiError, get } from '../../providers/http';
import { TIME_FORMAT } from '../../providers/conventions';
import { useDeclaration } from '../../components/resource/useDeclaration';
import { downloadBatch, previewResult, runStep, uploadResult, useBatchSettings, useTemplates, type BatchDetail, type ResultPreviewData } from './api';
import { ResultPreview } from './ResultPreview';
import { BatchOrders } from './BatchOrders';
import { Money } from '../../components/fields/Money';
import { useCurrency } from '../../components/fields/currency';
import { isPendingReview, PENDING_REVIEW_TEXT } from '../../components/resource/pendingReview';

const STATE_COLORS: Record<string, string> = { created: 'default', exporting: 'processing', exported: 'blue', confirmed: 'green', exception: 'red' };

export default function PayoutBatchShowPage() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const { id } = useParams();
  const { declaration, identifier } = useDeclaration();
  const ability = useAbility<AppAbility>();
  const settings = useBatchSettings();
  const templates = useTemplates();
  const currency = useCurrency();
  const [selected, setSelected] = useState<Key[]>([]);
  const [googleCode, setGoogleCode] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const batch = useQuery({
    queryKey: ['payoutBatch', 'detail', id],
    queryFn: () => get<BatchDetail>(payoutBatchApi.one, { id }),
    // While the job writes the file, the bar follows it every second.
    refetchInterval: (query) => (batchStateCode(query.state.data?.state) === 'exporting' ? 1000 : false),
  });

  // The job finished the file while the page watched: say so with the spec's success text.
  const lastState = useRef<number | undefined>(undefined);
  const exportAsked = useRef(false);
  const currentState = batch.data?.state;
  useEffect(() => {
    if ((exportAsked.current || batchStateCode(lastState.current) === 'exporting') && batchStateCode(currentState) === 'exported') {
      message.success(t('payoutBatches.messages.exportSuccess'));
      exportAsked.current = false;
    }
    lastState.current = currentState;
  }, [currentState, message, t]);

  if (batch.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!batch.data) return <Result status="404" title={t('common.empty')} />;
  const b = batch.data;
  const state = batchStateCode(b.state) ?? 'created';
  const template = templateOf(b.templateId);
  const templateInfo = templates.data?.find((tpl) => tpl.id === b.templateId);
  const buttonsOn = settings.data?.showBatchButton === true;
  const may = (action: 'exportBatch' | 'download' | 'confirm' | 'exception' | 'upload') => buttonsOn && ability.can(action, identifier);
  const codeField = settings.data?.googleCode ? { googleCode: googleCode.trim() } : {};
  const listPath = identifier === declaration.name ? declaration.routes.list! : declaration.variants!.find((v) => v.name === identifier)!.routes.list!;

  /** Runs one step, then shows its success text or the batch failure text with the server's reason. */
  const step = async (name: string, work: () => Promise<string>) => {
    setBusy(name);
    try {
      message.success(await work());
      setSelected([]);
    } catch (error) {
      // The second-level password window cancelled: the step was not taken, and nothing failed.
      if (error instanceof ApiError && error.promptCancelled) return;
      message.error(`${t(name === 'upload' ? 'payoutBatches.messages.uploadFailed' : 'payoutBatches.messages.failed')}: ${(error as Error).message}`);
    } finally {
      setBusy(null);
      await batch.refetch();
    }
  };
  const confirmThen = (text: string, name: string, work: () => Promise<string>, danger = false) =>
    modal.confirm({ title: t(`payoutBatches.actions.${name}`), content: text, okButtonProps: { danger }, onOk: () => step(name, work) });

  const exportIt = () =>
    confirmThen(t('payoutBatches.confirm.export'), 'export', async () => {
      await runStep(payoutBatchApi.export, { id: b.id, ...codeField });
      exportAsked.current = true;
      return t('payoutBatches.messages.exportStarted');
    });
  const confirmIt = () =>
    confirmThen(t('payoutBatches.confirm.confirm'), 'confirm', async () => {
      const result = await runStep(payoutBatchApi.confirm, { id: b.id, ...codeField });
      // A supplier's confirmation waits for staff: the batch stays exported until they approve it.
      return t(isPendingReview(result) ? PENDING_REVIEW_TEXT : 'payoutBatches.messages.confirmSuccess');
    });
  const exceptionIt = () =>
    confirmThen(
      t('payoutBatches.confirm.exception', { count: selected.length }),
      'exception',
      async () => {
        const result = await runStep<{ rejected: number; returned: number }>(payoutBatchApi.exception, { id: b.id, orderIds: selected, ...codeField });
        return t('payoutBatches.messages.exceptionSuccess', result);
      },
      true,
    );
  const downloadIt = () =>
    step('download', async () => {
      await downloadBatch(b.id, b.fileName!, codeField.googleCode);
      return t('payoutBatches.messages.downloadSuccess');
    });
  // The file moves money: it is read first and shown (ResultPreview); only its Confirm applies it.
  const previewThenUpload = async (file: File) => {
    setBusy('upload');
    let preview: ResultPreviewData;
    try {
      preview = await previewResult(b.id, file);
    } catch (error) {
      message.error(`${t('payoutBatches.messages.uploadFailed')}: ${(error as Error).message}`);
      return;
    } finally {
      setBusy(null);
    }
    modal.confirm({
      title: t('payoutBatches.preview.title'),
      width: 600,
      content: <ResultPreview preview={preview} fileName={file.name} usdt={template?.productId === 3016} currency={currency} />,
      okText: t('payoutBatches.preview.apply'),
      okButtonProps: { disabled: !preview.applicable },
      onOk: () =>
        step('upload', async () => {
          const result = await uploadResult(b.id, file, codeField.googleCode);
          return isPendingReview(result) ? t(PENDING_REVIEW_TEXT) : t('payoutBatches.messages.uploadSuccess', result);
        }),
    });
  };
  const uploadIt = (file: File) => {
    if (!/\.csv$/i.test(file.name)) message.error(t('payoutBatches.messages.onlyCsv'));
    else void previewThenUpload(file);
    return false;
  };

  const figures: [string, React.ReactNode][] = [
    ['batchNo', <Typography.Text copyable>{b.batchNo}</Typography.Text>],
    ['id', b.id],
    ['templateId', t(`payoutBatches.templates.${b.templateId}`)],
    ['state', <Tag color={STATE_COLORS[state]} data-testid="batch-state">{t(`payoutBatchState.${state}`)}</Tag>],
    ['supplierName', b.supplierName ?? t('payoutBatches.detail.platform')],
    ['maxCount', b.maxCount],
    ['amountLimit', <Money minor={b.amountLimit} />],
    ['orderCount', <span data-testid="batch-order-count">{b.orderCount}</span>],
    ['totalAmount', <Money minor={b.totalAmount} />],
    ['exceptionAmount', <Money minor={b.exceptionAmount} />],
    ['fileName', b.fileName ?? '-'],
    ['createdAt', dayjs(b.createdAt).format(TIME_FORMAT)],
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="payout-batch">
      <Card
        title={t('payoutBatches.detail.title', { batchNo: b.batchNo })}
        extra={<Button onClick={() => navigate(listPath)}>{t('payoutBatches.actions.back')}</Button>}
      >
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={figures.map(([key, value]) => ({ key, label: t(`payoutBatches.fields.${key}`), children: value }))} />
        {settings.data?.calculateAmountWithFees && <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{t('payoutBatches.detail.totalWithFees')}</Typography.Paragraph>}
        <div style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('payoutBatches.fields.exportProgress')}</Typography.Text>
          <Progress data-testid="export-progress" aria-label={t('payoutBatches.fields.exportProgress')} percent={b.exportProgress} status={state === 'exporting' ? 'active' : b.exportProgress === 100 ? 'success' : 'normal'} />
        </div>
      </Card>
      <Card size="small">
        {!buttonsOn && ability.can('create', identifier) && <Alert type="info" showIcon message={t('payoutBatches.detail.buttonsOff')} style={{ marginBottom: 12 }} />}
        <Space wrap>
          {settings.data?.googleCode && buttonsOn && (
            <Input placeholder={t('payoutBatches.fields.googleCode')} aria-label={t('payoutBatches.fields.googleCode')} value={googleCode} onChange={(e) => setGoogleCode(e.target.value)} maxLength={12} style={{ width: 160 }} />
          )}
          {may('exportBatch') && batchCan('exportStart', b.state) && (
            <Button type="primary" icon={<ExportOutlined />} loading={busy === 'export'} onClick={exportIt}>
              {t('payoutBatches.actions.export')}
            </Button>
          )}
          {may('download') && b.fileName && (
            <Button icon={<CloudDownloadOutlined />} loading={busy === 'download'} onClick={downloadIt}>
              {t('payoutBatches.actions.download')}
            </Button>
          )}
          {may('confirm') && batchCan('confirm', b.state) && (
            <Button type="primary" icon={<CheckOutlined />} loading={busy === 'confirm'} onClick={confirmIt}>
              {t('payoutBatches.actions.confirm')}
            </Button>
          )}
          {may('exception') && batchCan('exception', b.state) && (
            <Button danger icon={<StopOutlined />} loading={busy === 'exception'} onClick={exceptionIt}>
              {t('payoutBatches.actions.exception')} {selected.length ? `(${selected.length})` : ''}
            </Button>
          )}
          {may('upload') && batchCan('upload', b.state) && template?.result && (
            <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={uploadIt}>
              <Button icon={<UploadOutlined />} loading={busy === 'upload'}>
                {t('payoutBatches.actions.upload')}
              </Button>
            </Upload>
          )}
        </Space>
        {may('upload') && batchCan('upload', b.state) && templateInfo?.resultHeader && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('payoutBatches.detail.uploadHint', { columns: templateInfo.resultHeader.join(', ') })}
          </Typography.Paragraph>
        )}
      </Card>
      <Card size="small" title={t('payoutBatches.detail.orders')} extra={selected.length ? t('payoutBatches.detail.ticked', { count: selected.length }) : null}>
        {may('exception') && batchCan('exception', b.state) && <Typography.Paragraph type="secondary">{t('payoutBatches.detail.tickHint')}</Typography.Paragraph>}
        <BatchOrders orders={b.orders} usdt={template?.productId === 3016} selectable={may('exception') && batchCan('exception', b.state)} selected={selected} onSelect={setSelected} />
      </Card>
    </Space>
  );
}
