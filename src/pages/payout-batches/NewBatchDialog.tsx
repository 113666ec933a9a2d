/**
 * The "New batch" dialog: a template, the most orders (1 to 500) and an optional amount limit,
 * checked with the same rule the server applies (batchLimits: a bad one is the 4123 refusal), and
 * a Google code while the BatchOperations switch is on. The count is typed as text and refused
 * with its reason, never rounded or clamped into range. Staff batch the pool; a supplier its own
 * claimed payouts (the server decides by the caller).
 */
import { Form, Input, Modal, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import { payoutBatchApi } from '../../../resources/payout-batches/api';
import { batchLimits } from '../../../resources/payout-batches/schema';
import { numberOrText } from '../../../resources/common/whole-number';
import { fieldRules, isRequired } from '../../components/resource/schemaRules';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { useFirstFieldFocus } from '../../components/resource/useFirstFieldFocus';
import { FormSelect } from '../../components/fields/FormSelect';
import { runStep, useBatchSettings, useTemplates } from './api';

interface Values {
  templateId: string;
  maxCount: number | string;
  amountLimit?: number | string | null;
  googleCode?: string;
}

export function NewBatchDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const { formRef, afterOpenChange } = useFirstFieldFocus<Values>();
  const templates = useTemplates();
  const settings = useBatchSettings();
  const label = (field: 'templateId' | 'maxCount' | 'amountLimit') => t(`payoutBatches.create.${field}`);
  const limit = (field: 'maxCount' | 'amountLimit') => ({ rules: fieldRules(batchLimits, field, t, label(field)), required: isRequired(batchLimits, field) });

  const submit = async (values: Values) => {
    try {
      const batch = await runStep<{ id: number; orderCount: number }>(payoutBatchApi.create, { ...values, amountLimit: values.amountLimit ?? undefined });
      message.success(t('payoutBatches.messages.created', { count: batch.orderCount }));
      form.resetFields();
      onCreated(batch.id);
    } catch (error) {
      message.error(`${t('payoutBatches.messages.createFailed')}: ${(error as Error).message}`);
    }
  };

  return (
    <Modal open={open} title={t('payoutBatches.create.title')} okText={t('payoutBatches.create.submit')} onOk={() => form.submit()} onCancel={onClose} afterOpenChange={afterOpenChange} destroyOnHidden>
      <Form ref={formRef} form={form} name="newBatch" layout="vertical" onFinish={submit} initialValues={{ maxCount: 100 }} data-testid="new-batch-form">
        <Form.Item
          name="templateId"
          label={label('templateId')}
          rules={[{ required: true, message: t('validation.named', { label: label('templateId'), reason: t('validation.required') }) }]}
          // The http layer has shown the server's msg; the field says which list is missing.
          extra={templates.isError ? <Typography.Text type="danger">{t('payoutBatches.messages.templatesFailed')}</Typography.Text> : undefined}
        >
          <FormSelect
            loading={templates.isLoading}
            options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: t(`payoutBatches.templates.${tpl.id}`) }))}
          />
        </Form.Item>
        <Form.Item name="maxCount" label={label('maxCount')} extra={t('payoutBatches.create.maxCountHint')} normalize={numberOrText} {...limit('maxCount')}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="amountLimit" label={label('amountLimit')} extra={t('payoutBatches.create.amountLimitHint')} {...limit('amountLimit')}>
          <MoneyInput />
        </Form.Item>
        {settings.data?.googleCode && (
          <Form.Item name="googleCode" label={t('payoutBatches.fields.googleCode')} rules={[{ required: true, whitespace: true, message: t('errors.googleCodeEmpty') }]}>
            <Input inputMode="numeric" maxLength={12} autoComplete="one-time-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
