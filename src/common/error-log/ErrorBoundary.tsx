/**
 * Catches render errors: logs them and shows a friendly panel instead of a blank page. One wraps the
 * routed screen inside the shell; a full-page one wraps the whole admin, for the header, menu, tags
 * and the pages outside the shell (login, error pages, Google binding). A chunk that failed to load
 * gets its own panel whose retry reloads the page (React keeps a failed lazy import, so only a reload
 * fetches it again).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, theme } from 'antd';
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { recordError } from './store';
import { isChunkError } from './chunks';

/** Laid out like antd's Result, without it: the admin-wide boundary is on the login page's budget. */
function ErrorPanel({ error, onRetry, fullPage }: { error: Error; onRetry: () => void; fullPage?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const chunk = isChunkError(error);
  const Icon = chunk ? ExclamationCircleFilled : CloseCircleFilled;
  return (
    <div
      data-testid={chunk ? 'chunk-error' : 'render-error'}
      role="alert"
      style={{ textAlign: 'center', padding: '48px 32px', ...(fullPage ? { minHeight: '100vh', display: 'flex', flexDirection: 'column', justifyContent: 'center' } : {}) }}
    >
      <Icon style={{ fontSize: 72, color: chunk ? token.colorWarning : token.colorError }} />
      <div style={{ marginTop: 24, fontSize: 24, lineHeight: 1.33, color: token.colorTextHeading }}>{t(chunk ? 'shell.errors.chunkTitle' : 'shell.errors.renderTitle')}</div>
      <div style={{ marginTop: 8, fontSize: 14, color: token.colorTextDescription }}>{t(chunk ? 'shell.errors.chunkSubtitle' : 'shell.errors.renderSubtitle')}</div>
      <div style={{ marginTop: 24, display: 'flex', gap: 8, justifyContent: 'center' }}>
        <Button type="primary" onClick={chunk ? () => window.location.reload() : onRetry}>
          {t('shell.errors.retry')}
        </Button>
        <Button href="/home">{t('shell.errors.home')}</Button>
      </div>
    </div>
  );
}

/** Logs an error a boundary caught: a failed chunk as such, anything else as a render error. */
export function recordCaught(error: Error, info: ErrorInfo): void {
  recordError({
    type: isChunkError(error) ? 'chunk' : 'render',
    message: `${error.name}: ${error.message}`,
    stack: `${error.stack ?? ''}${info.componentStack ?? ''}`,
  });
}

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  /** Centres the panel on the page (the admin-wide boundary). */
  fullPage?: boolean;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    recordCaught(error, info);
  }

  render() {
    if (this.state.error) return <ErrorPanel error={this.state.error} fullPage={this.props.fullPage} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
