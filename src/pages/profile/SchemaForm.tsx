/** A small password-style form validated by a shared zod schema (the same rules the server applies). */
import { Button, Form, Input } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fieldRules, objectErrors } from '../../components/resource/schemaRules';
import { refusalText } from '../../components/resource/refusal';
import { FORMS } from '../../common/forms';

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
  const label = (name: string) => t(`profile.fields.${name}`);
  const onFinish = async (values: Record<string, unknown>) => {
    // Cross-field rules (confirmation equals the new password) are checked on the whole object.
    const errors = objectErrors(schema, values, t, label);
    if (errors.length) {
      form.setFields(errors);
      return form.scrollToField(errors[0].name, FORMS.scrollToFirstError);
    }
    try {
      await submit(values);
      message.success(t('common.updateSuccessful'));
      form.resetFields();
    } catch (error) {
      // "Update Failed" and the server's reason (e.g. the original password is wrong).
      const refused = refusalText('errors.updateFailed', error, t);
      if (refused) message.error(refused);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid={testId} style={{ maxWidth: 420 }}>
      {fields.map((name) => (
        <Form.Item key={name} name={name} label={label(name)} rules={fieldRules(schema, name, t, label(name))}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit">
        {t('buttons.save')}
      </Button>
    </Form>
  );
}
