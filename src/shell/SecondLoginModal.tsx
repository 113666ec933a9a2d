/** The second-login window (codes 1024/1025): password and reason, then the waiting call retries. */
import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { secondLogin } from '../providers/auth';

interface Props {
  open: boolean;
  code?: number;
  onDone: (ok: boolean) => void;
}

export function SecondLoginModal({ open, code, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; logInReason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await secondLogin(values.password, values.logInReason);
      form.resetFields();
      onDone(true);
    } catch (e) {
      setError(t('auth.loginFailedWith', { msg: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('auth.secondLoginTitle')}
      okText={t('sessions.secondLoginOk')}
      cancelText={t('buttons.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        setError(null);
        onDone(false);
      }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t(code === 1025 ? 'errors.secondLevelExpired' : 'errors.secondLevelRequired')} />
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error} />}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="password" label={t('auth.secondPassword')} rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="logInReason" label={t('auth.loginReason')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
