/**
 * The test-order form shared by the API-test screen (the merchant itself) and the admin test-order
 * screen (a chosen merchant). Checked with the shared schema; the amount is typed in major units and
 * sent as the API takes it (orderCreateAmount: x100, x10000 for product 1045).
 */
import { useState, type ReactNode } from 'react';
import { Button, Collapse, Form, Input, Space, Typography, type FormRule } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderCreateAmount } from '../../providers/conventions';
import { fieldRules, isRequired, objectErrors } from '../../components/resource/schemaRules';
import { PAYER_FIELDS, PRECISE_PRODUCT, testAmountProblem, testOrderForm, type CreatedOrder } from '../../../resources/order-test/schema';
import { FORMS } from '../../common/forms';
import { orderTestApi } from './api';
import { FormSelect } from '../../components/fields/FormSelect';

/** A merchant order number no earlier test used: TEST, the time, a random tail. */
const newOrderNo = () => `TEST${Date.now()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

interface Props {
  admin: boolean;
  onPlaced: (order: CreatedOrder, typedAmount: string) => void;
  /** A submit refused (by a rule or the server): the last order's result no longer answers what is on the form. */
  onRefused: () => void;
}

export function OrderTestForm({ admin, onPlaced, onRefused }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const merchantId = Form.useWatch('userId', form) as number | undefined;
  const merchants = useQuery({ queryKey: ['orderTest', 'merchants'], queryFn: orderTestApi.merchants, enabled: admin });
  const products = useQuery({
    queryKey: ['orderTest', 'products', admin ? merchantId : 'own'],
    queryFn: () => (admin ? orderTestApi.merchantProducts(merchantId!) : orderTestApi.ownProducts()),
    enabled: !admin || Boolean(merchantId),
  });
  const productName = (id: number) => `${id} ${t(`products.names.${id}`)}`;
  const productOptions = (products.data?.testable ?? []).map((id) => ({ value: id, label: productName(id) }));
  // Enabled payout products are named, so their absence from the list is not a mystery.
  const payouts = products.data?.payouts ?? [];
  const payoutsHint = payouts.length ? t('orderTest.hints.payoutsNotTested', { products: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(payouts.map(productName)) }) : undefined;

  const label = (name: string) => t(`orderTest.fields.${name}`);
  const named = (name: string, reason: string, params?: Record<string, string>) => t('validation.named', { label: label(name), reason: t(`validation.${reason}`, params) });
  // The merchant is optional in the shared schema (the merchant's own screen has none) but required here.
  const REQUIRED: FormRule = { required: true, message: named('userId', 'required') };
  const item = (name: string, input: ReactNode, extra?: string, more: FormRule[] = []) => (
    <Form.Item name={name} label={label(name)} rules={[...fieldRules(testOrderForm, name, t, label(name)), ...more]} required={isRequired(testOrderForm, name) || more.includes(REQUIRED)} extra={extra}>
      {input}
    </Form.Item>
  );
  // The decimals an amount may have depend on the product: checked as the amount is typed, once
  // the field's own rule (any product's amount) has nothing to say.
  const amountRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      const problem = testAmountProblem(value, getFieldValue('productId'));
      if (problem && !testAmountProblem(value, PRECISE_PRODUCT)) throw new Error(named('amount', problem.reason, problem.params));
    },
  });

  const onFinish = async (values: Record<string, unknown>) => {
    const errors = objectErrors(testOrderForm, values, t, label);
    if (errors.length) {
      onRefused();
      form.setFields(errors);
      return form.scrollToField(errors[0].name, FORMS.scrollToFirstError);
    }
    const checked = testOrderForm.parse(values);
    const body = Object.fromEntries(Object.entries({ ...checked, amount: orderCreateAmount(checked.amount, checked.productId) }).filter(([, v]) => v !== undefined));
    setBusy(true);
    try {
      const order = await orderTestApi.place(admin, body);
      message.success(t('orderTest.created'));
      onPlaced(order, checked.amount);
      // The next test needs its own merchant order number.
      form.setFieldValue('mchOrderNo', newOrderNo());
    } catch {
      // The http layer showed the server's msg; the form keeps what was typed.
      onRefused();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} onFinishFailed={onRefused} initialValues={{ mchOrderNo: newOrderNo(), subject: t('orderTest.defaultSubject') }} data-testid="order-test-form" style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('orderTest.hints.signed')}</Typography.Paragraph>
      {admin &&
        item(
          'userId',
          <FormSelect
            showSearch
            optionFilterProp="label"
            loading={merchants.isLoading}
            options={merchants.data ?? []}
            placeholder={t('common.select')}
            onChange={() => form.setFieldValue('productId', undefined)}
          />,
          undefined,
          [REQUIRED],
        )}
      {item(
        'productId',
        <FormSelect
          options={productOptions}
          loading={products.isFetching}
          placeholder={t('common.select')}
          notFoundContent={products.isSuccess ? t('orderTest.noProducts') : undefined}
          disabled={admin && !merchantId}
          onChange={() => form.isFieldTouched('amount') && void form.validateFields(['amount']).catch(() => undefined)}
        />,
        payoutsHint,
      )}
      <Form.Item label={t('orderTest.fields.mchOrderNo')} htmlFor="mchOrderNo" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="mchOrderNo" noStyle rules={fieldRules(testOrderForm, 'mchOrderNo', t)}>
            <Input id="mchOrderNo" />
          </Form.Item>
          <Button onClick={() => form.setFieldValue('mchOrderNo', newOrderNo())}>{t('orderTest.regenerate')}</Button>
        </Space.Compact>
      </Form.Item>
      {item('amount', <Input inputMode="decimal" autoComplete="off" />, t('orderTest.hints.amount'), [amountRule])}
      {item('notifyUrl', <Input placeholder="https://merchant.example.com/notify" />)}
      {item('returnUrl', <Input placeholder="https://merchant.example.com/return" />)}
      {item('subject', <Input />)}
      {item('body', <Input.TextArea rows={2} />)}
      {/* Rendered while folded (forceRender) so the form still checks and sends them. */}
      <Collapse
        ghost
        size="small"
        style={{ marginBottom: 16 }}
        items={[{ key: 'payer', label: t('orderTest.payer'), forceRender: true, children: PAYER_FIELDS.map((name) => <div key={name}>{item(name, <Input />)}</div>) }]}
      />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('orderTest.place')}
      </Button>
    </Form>
  );
}
