/**
 * Messages, notifications and modal dialogs for the signed-in app, in place of antd's <App>, which
 * brings all three with it: the collection-order list shows none of them until something happens.
 * Their holders are a chunk of their own (FeedbackHost.tsx), fetched and mounted once the page is
 * idle; a call made before that runs as soon as they are in, in order. They
 * render inside ConfigProvider's theme and locale, as antd's hooks do.
 */
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { theme, type ModalFuncProps } from 'antd';
import { lazyPart } from '../lazy/lazyPart';
import { useChunk, whenIdle } from '../lazy/useChunk';
import { whileConfirming } from '../../providers/confirmations';
import { ApiError } from '../../providers/http';
import { MESSAGE_CALLS, MODAL_CALLS, NOTIFICATION_CALLS, type Feedback, type ModalApi } from './api';

const hostPart = lazyPart(() => import('./FeedbackHost'));

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback() needs a <FeedbackProvider> above it (src/App.tsx)');
  return feedback;
}

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // Mounted once fetched, so that a call made later shows at once, as antd's <App> did. A failed
  // download leaves the calls waiting, and the next call tries it again.
  const [FeedbackHost, askHost] = useChunk(hostPart);
  // The calls made before the holders were mounted, run once they hand over their calls.
  const host = useRef<{ ready: Feedback | null; waiting: ((ready: Feedback) => void)[] }>({ ready: null, waiting: [] });

  useEffect(() => {
    whenIdle(() => askHost());
  }, [askHost]);

  const value = useMemo<Feedback>(() => {
    const run = (call: (ready: Feedback) => void) => {
      if (host.current.ready) return call(host.current.ready);
      host.current.waiting.push(call);
      askHost();
    };
    const calls = <K extends keyof Feedback>(part: K, names: readonly string[]) =>
      Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => run((ready) => (ready[part] as Record<string, (...a: unknown[]) => void>)[name](...args))])) as Feedback[K];
    const modal = calls('modal', MODAL_CALLS);
    // A confirmation whose OK waits for a call is put away if that call asks for the second-level
    // password (providers/confirmations.ts); the window cancelled, the action is simply not taken.
    const confirm: ModalApi['confirm'] = ({ onOk, ...props }) =>
      run((ready) => {
        const instance = (ready.modal.confirm as (p: ModalFuncProps) => { destroy: () => void })({
          ...props,
          onOk:
            onOk &&
            ((...args: unknown[]) =>
              whileConfirming(
                () => instance.destroy(),
                () => onOk(...(args as Parameters<typeof onOk>)),
              ).catch((error: unknown) => {
                if (!(error instanceof ApiError && error.promptCancelled)) throw error;
              })),
        });
      });
    return { message: calls('message', MESSAGE_CALLS), notification: calls('notification', NOTIFICATION_CALLS), modal: { ...modal, confirm } };
  }, [askHost]);
  const onReady = (ready: Feedback) => {
    host.current.ready = ready;
    host.current.waiting.splice(0).forEach((call) => call(ready));
  };

  return (
    // The text defaults antd's <App> gave the page.
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      <FeedbackContext.Provider value={value}>
        {children}
        {FeedbackHost && <FeedbackHost onReady={onReady} />}
      </FeedbackContext.Provider>
    </div>
  );
}
