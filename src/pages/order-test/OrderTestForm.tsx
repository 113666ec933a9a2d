/**
 * The test-order form shared by the API-test screen (the merchant itself) and the admin test-order
 * screen (a chosen merchant). Checked with the shared schema; the amount is typed in major units and
 * sent as the API takes it (orderCreateAmount: x100, x10000 for product 1045). A payout product
 * places a test payout: the payee details its product requires replace the optional payer details,
 * and the server asks for the second-level password.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Collapse, Divider, Form, Input, Space, Typography, type FormRule } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderCreateAmount } from '../../providers/conventions';
import { fieldRules, isRequired, objectErrors } from '../../components/resource/schemaRules';
import { PAYER_FIELDS, PRECISE_PRODUCT, testAmountProblem, testOrderForm, type CreatedOrder } from '../../../resources/order-test/schema';
import { isPayoutProduct } from '../../../resources/products/catalogue';
import { payeeFieldsOf, payeeProblem } from '../../../resources/products/payee-details';
import { FORMS } from '../../common/forms';
import { orderTestApi } from './api';
import { FormSelect } from '../../components/fields/FormSelect';
import { refusalText } from '../../components/resource/refusal';

/** A merchant order number no earlier test used: TEST, the time, a random tail. */
const newOrderNo = () => `TEST${Date.now()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

interface Props {
  admin: boolean;
  onPlaced: (order: CreatedOrder, typedAmount: string, payout: boolean) => void;
  /** A submit refused (by a rule or the server): the last order's result no longer answers what is on the form. */
  onRefused: () => void;
}

export function OrderTestForm({ admin, onPlaced, onRefused }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const merchantId = Form.useWatch('userId', form) as number | undefined;
  const productId = Form.useWatch('productId', form) as number | undefined;
  const payout = typeof productId === 'number' && isPayoutProduct(productId);
  const payee = payeeFieldsOf(productId);
  const merchants = useQuery({ queryKey: ['orderTest', 'merchants'], queryFn: orderTestApi.merchants, enabled: admin });
  const products = useQuery({
    queryKey: ['orderTest', 'products', admin ? merchantId : 'own'],
    queryFn: () => (admin ? orderTestApi.merchantProducts(merchantId!) : orderTestApi.ownProducts()),
    enabled: !admin || Boolean(merchantId),
  });
  const productOptions = (products.data ?? []).map((id) => ({ value: id, label: `${id} ${t(`products.names.${id}`)}` }));

  // The subject starts as the default in the interface language, and follows a switch of language until someone types one.
  const defaultSubject = t('orderTest.defaultSubject');
  const shownDefault = useRef(defaultSubject);
  useEffect(() => {
    if (form.getFieldValue('subject') === shownDefault.current) form.setFieldValue('subject', defaultSubject);
    shownDefault.current = defaultSubject;
  }, [defaultSubject, form]);

  // A payout's payee details are labelled as the payee's (the server's refusals name them so too).
  const label = (name: string) => t(payee.includes(name) ? `orderTest.payout.fields.${name}` : `orderTest.fields.${name}`);
  const named = (name: string, reason: string, params?: Record<string, string>) => t('validation.named', { label: label(name), reason: t(`validation.${reason}`, params) });
  // The merchant is optional in the shared schema (the merchant's own screen has none) but required here.
  const REQUIRED: FormRule = { required: true, message: named('userId', 'required') };
  const item = (name: string, input: ReactNode, { extra, more = [], required = false }: { extra?: ReactNode; more?: FormRule[]; required?: boolean } = {}) => (
    <Form.Item name={name} label={label(name)} rules={[...fieldRules(testOrderForm, name, t, label(name)), ...more]} required={required || isRequired(testOrderForm, name)} extra={extra}>
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
  // What the product requires of the payee (the creation API's own check, field by field).
  const payeeRule =
    (name: string): FormRule =>
    ({ getFieldValue }) => ({
      validator: async (_rule, value) => {
        const problem = payeeProblem(getFieldValue('productId'), name, value);
        if (problem) throw new Error(named(name, problem));
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
      const order = await orderTestApi.place(admin, payout, body);
      message.success(t(payout ? 'orderTest.payoutCreated' : 'orderTest.created'));
      onPlaced(order, checked.amount, payout);
      // The next test needs its own merchant order number.
      form.setFieldValue('mchOrderNo', newOrderNo());
    } catch (error) {
      // "Create order error" and the server's reason (nothing when the second-level password was not given); the form keeps what was typed.
      const refused = refusalText('errors.createOrderError', error, t);
      if (refused) message.error(refused);
      onRefused();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} onFinishFailed={onRefused} initialValues={{ mchOrderNo: newOrderNo(), subject: defaultSubject }} data-testid="order-test-form" style={{ maxWidth: 560 }}>
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
          { more: [REQUIRED] },
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
        // The products are the payment channels: a failed read of them says so, with why.
        { extra: products.isError ? <Typography.Text type="danger">{refusalText('errors.channelListFailed', products.error, t)}</Typography.Text> : undefined },
      )}
      {payout && <Alert type="warning" showIcon message={t('orderTest.hints.payout')} style={{ marginBottom: 16 }} data-testid="order-test-payout-warning" />}
      <Form.Item label={t('orderTest.fields.mchOrderNo')} htmlFor="mchOrderNo" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="mchOrderNo" noStyle rules={fieldRules(testOrderForm, 'mchOrderNo', t)}>
            <Input id="mchOrderNo" />
          </Form.Item>
          <Button onClick={() => form.setFieldValue('mchOrderNo', newOrderNo())}>{t('orderTest.regenerate')}</Button>
        </Space.Compact>
      </Form.Item>
      {item('amount', <Input inputMode="decimal" autoComplete="off" />, { extra: t(payout ? 'orderTest.hints.payoutAmount' : 'orderTest.hints.amount'), more: [amountRule] })}
      {item('notifyUrl', <Input placeholder="https://merchant.example.com/notify" />)}
      {/* A payout has no pay page to come back from. */}
      {!payout && item('returnUrl', <Input placeholder="https://merchant.example.com/return" />)}
      {item('subject', <Input />)}
      {item('body', <Input.TextArea rows={2} />)}
      {payout ? (
        <div data-testid="order-test-payee">
          <Divider orientation="left" plain>
            {t('orderTest.payee')}
          </Divider>
          {payee.map((name) => (
            <div key={name}>{item(name, <Input autoComplete="off" />, { more: [payeeRule(name)], required: true })}</div>
          ))}
        </div>
      ) : (
        // Rendered while folded (forceRender) so the form still checks and sends them.
        <Collapse
          ghost
          size="small"
          style={{ marginBottom: 16 }}
          items={[{ key: 'payer', label: t('orderTest.payer'), forceRender: true, children: PAYER_FIELDS.map((name) => <div key={name}>{item(name, <Input />)}</div>) }]}
        />
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(payout ? 'orderTest.placePayout' : 'orderTest.place')}
      </Button>
    </Form>
  );
}
