/** /login: user name, password and Google code (user name and code are trimmed before sending). */
import { useState } from 'react';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '../../providers/auth';
import { LanguageSwitch } from '../../shell/LanguageSwitch';

export default function LoginPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const { mutate: login, isPending } = useLogin<LoginInput>();

  const onFinish = (values: LoginInput) => {
    setError(null);
    login(values, { onSuccess: (result) => !result.success && setError(result.error?.message ?? t('auth.loginFailed')) });
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #e6f0ff 0%, #f5f7fa 100%)' }}>
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSwitch />
      </div>
      <Card style={{ width: 380 }} styles={{ body: { padding: 32 } }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
          {t('app.title')}
        </Typography.Title>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginInput> layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item name="userName" label={t('auth.userName')} rules={[{ required: true, whitespace: true, message: t('auth.userNameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="googleCode" label={t('auth.googleCode')} extra={t('auth.googleCodeHint')}>
            <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {t('auth.login')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
