/**
 * The login form: user name, password and Google code (user name and code are trimmed before
 * sending). It knows nothing of Refine, so the login route can show it before the signed-in app
 * loads (src/Root.tsx); inside the app, LoginPage hands it Refine's login.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Form, Input, theme } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '../../providers/auth';
import { sessionExpired } from '../../providers/http';
import { LoginLanguageSwitch } from './LoginLanguageSwitch';

// The error box is fetched when the form is sent, so a login that succeeds never downloads it.
const loadAlert = () => import('./LoginAlert');
const Alert = lazy(loadAlert);

/** Answers the error to show, or null once signed in (the caller then moves on). */
export type SignIn = (values: LoginInput) => Promise<string | null>;

export function LoginForm({ signIn }: { signIn: SignIn }) {
  const { t } = useTranslation();
  // antd's Card and Typography.Title as they render here, drawn from the same theme tokens: those
  // two components would bring tabs, menus and text editing into the login route for one box and
  // one heading.
  const { token } = theme.useToken();
  const cardStyle = {
    width: 380,
    boxSizing: 'border-box',
    padding: 32,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  } as const;
  const titleStyle = {
    textAlign: 'center',
    marginBottom: 24,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: token.fontSizeHeading3,
    lineHeight: token.lineHeightHeading3,
  } as const;
  const [error, setError] = useState<string | null>(null);
  // Sent here because the server refused the session (1003): say so until the next sign-in attempt.
  const [expired, setExpired] = useState(sessionExpired.isMarked);
  const [isPending, setPending] = useState(false);

  const onFinish = async (values: LoginInput) => {
    setError(null);
    setExpired(false);
    sessionExpired.clear();
    setPending(true);
    void loadAlert();
    try {
      const message = await signIn(values);
      if (message !== null) setError(message || t('auth.loginFailed'));
    } catch (failure) {
      setError((failure as Error).message || t('auth.loginFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #e6f0ff 0%, #f5f7fa 100%)' }}>
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LoginLanguageSwitch />
      </div>
      <div style={cardStyle}>
        <h3 style={titleStyle}>{t('app.title')}</h3>
        {expired && !error && (
          <Suspense fallback={null}>
            <Alert type="warning" showIcon message={t('auth.sessionExpired')} style={{ marginBottom: 16 }} data-testid="login-expired" />
          </Suspense>
        )}
        {error && (
          <Suspense fallback={null}>
            <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />
          </Suspense>
        )}
        <Form<LoginInput> layout="vertical" onFinish={(values) => void onFinish(values)} requiredMark={false}>
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
      </div>
    </div>
  );
}
