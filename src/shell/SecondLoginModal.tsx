/** The second-login window (codes 1024/1025): password and reason, then the waiting call retries. */
import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { secondLogin } from '../providers/auth';
import { validatedValues } from '../common/forms';

/** Above antd's dialogs (1000), popovers (1030) and menus (1050); below its confirmations (2000) and messages. */
const SECOND_LOGIN_Z_INDEX = 1100;

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

  // A password may be spaces; a reason may not.
  const required = (label: string, whitespace = false) => ({ required: true, whitespace, message: t('validation.named', { label, reason: t('validation.required') }) });

  const submit = async () => {
    // Fields left empty show their message under them, the first in view; the refusal is not an error of the page.
    const values = await validatedValues(form);
    if (!values) return;
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
      // Above every other dialog and popover: it opens over the action that asked for it (the
      // confirmations that wait on that action close first, providers/confirmations.ts).
      zIndex={SECOND_LOGIN_Z_INDEX}
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
        <Form.Item name="password" label={t('auth.secondPassword')} rules={[required(t('auth.secondPassword'))]}>
          <Input.Password autoFocus autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="logInReason" label={t('auth.loginReason')} rules={[required(t('auth.loginReason'), true)]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
