/**
 * The header's realtime dot: starts the socket link with the shell and shows its state (green
 * connected, blue connecting, orange closed/reconnecting, red error, grey not started). A refused
 * token ends the session: an alert that the login expired, then the login page.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Tooltip } from 'antd';
import { useFeedback } from '../shell/feedback/Feedback';
import { useTranslation } from 'react-i18next';
import { sessionExpired } from '../providers/http';
import { clearTokens } from '../providers/token';
import { startLink, type LinkState } from './link';

const COLOURS: Record<LinkState, 'default' | 'processing' | 'success' | 'error' | 'warning'> = {
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
    const link = startLink({
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
    });
    return link.stop;
    // One link for the shell's lifetime; the language is read at each (re)connection.
  }, []);

  return (
    <Tooltip title={t(`realtime.status.${state}`)}>
      <span data-testid="realtime-status" data-state={state} role="img" aria-label={t(`realtime.status.${state}`)} style={{ display: 'inline-flex', padding: '0 6px' }}>
        <Badge status={COLOURS[state]} />
      </span>
    </Tooltip>
  );
}
