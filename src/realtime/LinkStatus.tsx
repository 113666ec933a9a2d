/**
 * The header's realtime dot: starts the socket link with the shell and shows its state (green
 * connected, blue connecting, orange closed/reconnecting, red error, grey not started). A refused
 * token ends the session: an alert that the login expired, then the login page.
 *
 * The link (with its reconnecting socket) comes in a chunk of its own, fetched with the app's
 * (src/Root.tsx) and started as the shell mounts: the first screen draws without waiting for it.
 * A download that fails shows as an error and is tried again after the link's longest backoff.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useFeedback } from '../common/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import { sessionExpired } from '../providers/http';
import { clearTokens } from '../providers/token';
import { withChunkTimeout } from '../common/error-log/chunks';
import type { LinkState } from './link';
import { StatusDot, type Status } from '../common/HeaderBadge';

const loadLink = withChunkTimeout(() => import('./link'));
/** As the link's own backoff at its longest (./link.ts). */
const RELOAD_AFTER_MS = 10_000;

const COLOURS: Record<LinkState, Status> = {
  uninitialized: 'default',
  connecting: 'processing',
  connected: 'success',
  error: 'error',
  closed: 'warning',
};

export function LinkStatus() {
  const { t, i18n } = useTranslation();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const [state, setState] = useState<LinkState>('uninitialized');
  const queryClient = useQueryClient();

  useEffect(() => {
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    const start = ({ startLink }: typeof import('./link')) => {
      if (unmounted) return;
      stop = startLink({
        onState: setState,
        queryClient,
        language: () => i18n.language,
        onTokenRefused: () => {
          modal.warning({
            title: t('realtime.loginExpiredTitle'),
            content: t('realtime.loginExpired'),
            onOk: () => {
              clearTokens();
              sessionExpired.mark();
              navigate('/login', { replace: true });
            },
          });
        },
      }).stop;
    };
    const load = () =>
      loadLink().then(start, () => {
        if (unmounted) return;
        setState('error');
        retry = setTimeout(load, RELOAD_AFTER_MS);
      });
    void load();
    return () => {
      unmounted = true;
      clearTimeout(retry);
      stop?.();
    };
    // One link for the shell's lifetime; the language is read at each (re)connection.
  }, []);

  return (
    <Tooltip title={t(`realtime.status.${state}`)}>
      <span data-testid="realtime-status" data-state={state} role="img" aria-label={t(`realtime.status.${state}`)} style={{ display: 'inline-flex', padding: '0 6px' }}>
        <StatusDot status={COLOURS[state]} />
      </span>
    </Tooltip>
  );
}
