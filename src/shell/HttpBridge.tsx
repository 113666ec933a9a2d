/** Plugs the UI into providers/http.ts: messages, navigation, language, second login. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { httpHooks } from '../providers/http';
import { SecondLoginModal } from './SecondLoginModal';

export function HttpBridge() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<{ code: number; resolve: (ok: boolean) => void } | null>(null);

  useEffect(() => {
    httpHooks.showError = (text) => void message.error(text);
    httpHooks.navigate = (path) => navigate(path, { replace: true });
    httpHooks.language = () => i18n.language;
    httpHooks.secondLogin = (code) => new Promise<boolean>((resolve) => setPending({ code, resolve }));
  }, [message, navigate, i18n]);

  return (
    <SecondLoginModal
      open={pending !== null}
      code={pending?.code}
      onDone={(ok) => {
        pending?.resolve(ok);
        setPending(null);
      }}
    />
  );
}
