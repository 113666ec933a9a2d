/** Plugs the UI into providers/http.ts: messages, navigation, language, second login. */
import { useEffect, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { httpHooks } from '../providers/http';
import { useFeedback } from '../common/feedback/Feedback';
import { lazyPart } from '../common/lazy/lazyPart';
import { useChunk, whenIdle } from '../common/lazy/useChunk';
import type { SecondLoginModal } from './SecondLoginModal';

// Its own chunk, fetched (and mounted, closed) once the page is idle, or on the first second login
// asked for before that.
const secondLoginPart = lazyPart<ComponentProps<typeof SecondLoginModal>>(() => import('./SecondLoginModal').then((m) => ({ default: m.SecondLoginModal })));

export function HttpBridge() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<{ code: number; resolve: (ok: boolean) => void } | null>(null);
  const [SecondLoginModal, askSecondLogin] = useChunk(secondLoginPart);
  useEffect(() => {
    whenIdle(() => askSecondLogin());
  }, [askSecondLogin]);

  useEffect(() => {
    httpHooks.showError = (text) => void message.error(text);
    httpHooks.navigate = (path) => navigate(path, { replace: true });
    httpHooks.language = () => i18n.language;
    httpHooks.secondLogin = (code) =>
      new Promise<boolean>((resolve) => {
        setPending({ code, resolve });
        // Without its window the call cannot go on: it fails as it would have without a second login.
        askSecondLogin(() => {
          resolve(false);
          setPending(null);
        });
      });
  }, [message, navigate, i18n, askSecondLogin]);

  if (!SecondLoginModal) return null;
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
