/** A small password-style form validated by a shared zod schema (the same rules the server applies). */
import { Button, Form, Input } from 'antd';
import { useFeedback } from '../../shell/feedback/Feedback';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fieldRules, objectErrors } from '../../components/resource/schemaRules';

interface Props {
  schema: z.ZodObject;
  fields: string[];
  submit: (values: Record<string, unknown>) => Promise<unknown>;
  testId: string;
}

export function SchemaForm({ schema, fields, submit, testId }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const onFinish = async (values: Record<string, unknown>) => {
    // Cross-field rules (confirmation equals the new password) are checked on the whole object.
    const errors = objectErrors(schema, values, t);
    if (errors.length) return form.setFields(errors);
    try {
      await submit(values);
      message.success(t('common.updateSuccessful'));
      form.resetFields();
    } catch {
      // The http layer shows the server's msg (e.g. the original password is wrong).
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid={testId} style={{ maxWidth: 420 }}>
      {fields.map((name) => (
        <Form.Item key={name} name={name} label={t(`profile.fields.${name}`)} rules={fieldRules(schema, name, t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit">
        {t('buttons.save')}
      </Button>
    </Form>
  );
}
