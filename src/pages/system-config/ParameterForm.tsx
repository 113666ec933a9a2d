/**
 * A form of whole-number security parameters (the trusted-chain set, the global security setting):
 * each field with its bounds, unit and help from resources/system-config/schema.ts. A money field is
 * typed in major units and sent x100 (providers/conventions.ts). Read-only readers get the values.
 */
import { Button, Descriptions, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToMajor } from '../../../providers/money';
import type { ParameterField } from '../../../resources/system-config/schema';
import { CurrencyCode, Money } from '../../components/fields/Money';

type Values = Record<string, number>;

interface Props {
  fields: readonly ParameterField[];
  values: Values | undefined;
  editable: boolean;
  saving: boolean;
  onSave: (values: Record<string, number | string>) => Promise<void>;
  testId: string;
}

export function ParameterForm({ fields, values, editable, saving, onSave, testId }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  /** The unit after a value (singular for 1), or on its own after an input (plural). */
  const unitOf = (f: ParameterField, count = 2) => (f.unit ? t(`systemConfig.units.${f.unit}`, { count }) : undefined);
  const labelOf = (f: ParameterField) => t(`systemConfig.security.${f.name}.label`);
  const helpOf = (f: ParameterField) => t(`systemConfig.security.${f.name}.help`);
  // The form shows major units for money; the stored value stays minor.
  useEffect(() => {
    if (values) form.setFieldsValue(Object.fromEntries(fields.map((f) => [f.name, f.money ? minorToMajor(values[f.name]) : values[f.name]])));
  }, [values, fields, form]);

  if (!values) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!editable) {
    return (
      <Descriptions data-testid={testId} column={1} bordered size="middle" labelStyle={{ width: '40%' }}>
        {fields.map((f) => (
          <Descriptions.Item key={f.name} label={labelOf(f)}>
            <Typography.Text strong>{f.money ? <Money minor={values[f.name]} /> : `${values[f.name]} ${unitOf(f, values[f.name]) ?? ''}`}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{helpOf(f)}</Typography.Text>
            </div>
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }
  return (
    <Form data-testid={testId} form={form} layout="vertical" onFinish={(v) => void onSave(v)}>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={labelOf(f)} extra={`${helpOf(f)}${t('systemConfig.rangeNote', { range: t('systemConfig.range', { min: f.money ? minorToMajor(f.min) : f.min, max: f.money ? minorToMajor(f.max) : f.max }) })}`} rules={[{ required: true }]}>
          {f.money ? (
            <InputNumber<string> stringMode min="0" max={minorToMajor(f.max)} precision={2} step="0.01" style={{ width: 220 }} suffix={<CurrencyCode />} data-testid={`${testId}-${f.name}`} />
          ) : (
            <InputNumber min={f.min} max={f.max} precision={0} style={{ width: 220 }} suffix={unitOf(f)} data-testid={`${testId}-${f.name}`} />
          )}
        </Form.Item>
      ))}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-save`}>
          {t('systemConfig.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
