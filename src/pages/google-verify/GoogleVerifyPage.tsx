/**
 * /googleVerify: binds Google Authenticator to the signed-in account. Shows the
 * pending secret and a QR code of its otpauth URI, and confirms with a code from the device
 * (/user/confirmBindForProfile). Outside the shell: a user whose verification was just switched on is
 * sent here from login before any other screen. Without a token it goes to /login.
 */
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useInvalidateAuthStore, useLogout } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Input, QRCode, Result, Row, Space, Spin, Typography } from 'antd';
import { useFeedback } from '../../common/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import { post } from '../../providers/http';
import { getToken } from '../../providers/token';
import { loadUserInfo, refreshUserInfo } from '../../providers/auth';
import { LanguageSwitch } from '../../common/language/LanguageSwitch';
import { googleBindingApi } from '../../../resources/session/api';

interface Binding {
  secret: string;
  uri: string;
  account: string;
}

export default function GoogleVerifyPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const invalidateAuth = useInvalidateAuthStore();
  const [binding, setBinding] = useState<Binding | null>(null);
  const [bound, setBound] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasToken = Boolean(getToken());

  useEffect(() => {
    document.title = `${t('app.title')} - ${t('googleVerify.title')}`;
  }, [t]);

  useEffect(() => {
    if (!hasToken) return;
    let live = true;
    (async () => {
      const user = await loadUserInfo();
      if (user.confirmBind) {
        if (live) setBound(true);
        return;
      }
      const pending = await post<Binding>(googleBindingApi.bindUserForProfile, {}, { silent: true });
      if (live) setBinding(pending);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [hasToken]);

  if (!hasToken) return <Navigate to="/login" replace />;

  const confirm = async ({ googleCode }: { googleCode: string }) => {
    setBusy(true);
    setError(null);
    try {
      await post(googleBindingApi.confirmBindForProfile, { googleCode: googleCode.trim() }, { silent: true });
      await refreshUserInfo();
      // The guard reads identity through Refine's cache: refresh it so the shell lets the user in.
      await invalidateAuth();
      void message.success(t('googleVerify.bound'));
      navigate('/home', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', display: 'flex', flexDirection: 'column', alignItems: 'center', padding: '48px 16px' }}>
      <div style={{ width: '100%', maxWidth: 640, display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <LanguageSwitch />
      </div>
      <Card style={{ width: '100%', maxWidth: 640 }} title={t('googleVerify.title')} data-testid="google-verify">
        {bound ? (
          <Result
            status="success"
            title={t('googleVerify.alreadyBound')}
            extra={
              <Button type="primary" onClick={() => navigate('/home', { replace: true })}>
                {t('googleVerify.goHome')}
              </Button>
            }
          />
        ) : !binding ? (
          error ? <Alert type="error" showIcon message={error} /> : <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('googleVerify.intro')}
            </Typography.Paragraph>
            <Row gutter={24} align="middle">
              <Col xs={24} sm={10} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Typography.Text strong style={{ marginBottom: 8 }}>
                  {t('googleVerify.step1')}
                </Typography.Text>
                <QRCode value={binding.uri} size={180} data-testid="google-qr" />
              </Col>
              <Col xs={24} sm={14}>
                <Typography.Text strong>{t('googleVerify.step2')}</Typography.Text>
                <dl style={{ margin: '8px 0 0' }}>
                  <dt style={{ color: 'rgba(0,0,0,0.45)' }}>{t('googleVerify.account')}</dt>
                  <dd style={{ margin: '0 0 8px' }}>{binding.account}</dd>
                  <dt style={{ color: 'rgba(0,0,0,0.45)' }}>{t('googleVerify.secret')}</dt>
                  <dd style={{ margin: 0 }}>
                    <Typography.Text code copyable={{ text: binding.secret, onCopy: () => void message.success(t('googleVerify.copied')) }} data-testid="google-secret">
                      {binding.secret}
                    </Typography.Text>
                  </dd>
                </dl>
              </Col>
            </Row>
            {error && <Alert type="error" showIcon message={error} data-testid="google-verify-error" />}
            <Form layout="vertical" onFinish={confirm} requiredMark={false}>
              <Form.Item
                name="googleCode"
                label={t('googleVerify.step3')}
                rules={[
                  { required: true, whitespace: true, message: t('errors.googleCodeEmpty') },
                  { pattern: /^\s*\d{6}\s*$/, message: t('googleVerify.codeFormat') },
                ]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('googleVerify.codePlaceholder')} style={{ maxWidth: 240 }} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={busy}>
                  {t('googleVerify.confirm')}
                </Button>
                <Button onClick={() => logout()}>{t('googleVerify.logout')}</Button>
              </Space>
            </Form>
          </Space>
        )}
      </Card>
    </div>
  );
}
