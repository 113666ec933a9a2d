/**
 * Catches render errors: logs them and shows a friendly panel instead of a blank page. One wraps the
 * routed screen inside the shell; a full-page one wraps the whole admin, for the header, menu, tags
 * and the pages outside the shell (login, error pages, Google binding). A chunk that failed to load
 * gets its own panel whose retry reloads the page (React keeps a failed lazy import, so only a reload
 * fetches it again).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordError } from './store';
import { isChunkError } from './chunks';

function ErrorPanel({ error, onRetry, fullPage }: { error: Error; onRetry: () => void; fullPage?: boolean }) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <div data-testid={chunk ? 'chunk-error' : 'render-error'} style={fullPage ? { minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' } : undefined}>
      <Result
        status={chunk ? 'warning' : 'error'}
        title={t(chunk ? 'shell.errors.chunkTitle' : 'shell.errors.renderTitle')}
        subTitle={t(chunk ? 'shell.errors.chunkSubtitle' : 'shell.errors.renderSubtitle')}
        extra={[
          <Button key="retry" type="primary" onClick={chunk ? () => window.location.reload() : onRetry}>
            {t('shell.errors.retry')}
          </Button>,
          <Button key="home" href="/home">
            {t('shell.errors.home')}
          </Button>,
        ]}
      />
    </div>
  );
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
    recordError({
      type: isChunkError(error) ? 'chunk' : 'render',
      message: `${error.name}: ${error.message}`,
      stack: `${error.stack ?? ''}${info.componentStack ?? ''}`,
    });
  }

  render() {
    if (this.state.error) return <ErrorPanel error={this.state.error} fullPage={this.props.fullPage} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
