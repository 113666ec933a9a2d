/**
 * Messages, notifications and modal dialogs (confirm, info, warning) for the signed-in app, in
 * place of antd's <App>: antd's brings its modal (with rc-dialog) with it, which the collection-order
 * list never shows until an operator acts. Messages and notifications are antd's own hooks; the
 * modal's holder is a chunk of its own (ModalHost.tsx), fetched once the screen is idle and mounted
 * on the first dialog asked for. All three render inside the theme and locale of ConfigProvider.
 */
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { message, notification, theme } from 'antd';
import type { ModalApi, ModalKind, ModalProps } from './modal-api';

const loadModalHost = () => import('./ModalHost');
const ModalHost = lazy(loadModalHost);

export interface Feedback {
  message: ReturnType<typeof message.useMessage>[0];
  notification: ReturnType<typeof notification.useNotification>[0];
  /** A dialog opens once its chunk is in (at once after the first): nothing waits on its return. */
  modal: Record<ModalKind, (props: ModalProps) => void>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback() needs a <FeedbackProvider> above it (src/App.tsx)');
  return feedback;
}

/** Run when the browser has nothing else to do (Safari has no requestIdleCallback). */
const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 1));

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [hostWanted, setHostWanted] = useState(false);
  // The calls asked for before the holder was mounted, run once it hands over its API.
  const host = useRef<{ api: ModalApi | null; waiting: ((api: ModalApi) => void)[] }>({ api: null, waiting: [] });

  useEffect(() => {
    // A failure here shows when a dialog is first asked for (the lazy component retries the import).
    whenIdle(() => void loadModalHost().catch(() => undefined));
  }, []);

  const modal = useMemo(() => {
    const ask = (kind: ModalKind) => (props: ModalProps) => {
      const { api, waiting } = host.current;
      if (api) return void api[kind](props);
      waiting.push((ready) => ready[kind](props));
      setHostWanted(true);
    };
    return { confirm: ask('confirm'), info: ask('info'), warning: ask('warning'), error: ask('error'), success: ask('success') };
  }, []);
  const onReady = (api: ModalApi) => {
    host.current.api = api;
    host.current.waiting.splice(0).forEach((run) => run(api));
  };
  const value = useMemo(() => ({ message: messageApi, notification: notificationApi, modal }), [messageApi, notificationApi, modal]);

  return (
    // The text defaults antd's <App> gave the page.
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      <FeedbackContext.Provider value={value}>
        {children}
        {messageHolder}
        {notificationHolder}
        {hostWanted && (
          <Suspense fallback={null}>
            <ModalHost onReady={onReady} />
          </Suspense>
        )}
      </FeedbackContext.Provider>
    </div>
  );
}
