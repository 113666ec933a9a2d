/** Plugs the UI into providers/http.ts: messages, navigation, language, second login. */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from './feedback/Feedback';
import { useTranslation } from 'react-i18next';
import { httpHooks } from '../providers/http';

// Its own chunk, mounted on the first second login asked for (then kept for its closing animation).
const SecondLoginModal = lazy(() => import('./SecondLoginModal').then((m) => ({ default: m.SecondLoginModal })));

export function HttpBridge() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<{ code: number; resolve: (ok: boolean) => void } | null>(null);
  const asked = useRef(false);
  if (pending) asked.current = true;

  useEffect(() => {
    httpHooks.showError = (text) => void message.error(text);
    httpHooks.navigate = (path) => navigate(path, { replace: true });
    httpHooks.language = () => i18n.language;
    httpHooks.secondLogin = (code) => new Promise<boolean>((resolve) => setPending({ code, resolve }));
  }, [message, navigate, i18n]);

  if (!asked.current) return null;
  return (
    <Suspense fallback={null}>
      <SecondLoginModal
        open={pending !== null}
        code={pending?.code}
        onDone={(ok) => {
          pending?.resolve(ok);
          setPending(null);
        }}
      />
    </Suspense>
  );
}
