/**
 * Catches a screen's render errors: logs them and shows a friendly panel instead of a blank page. A
 * chunk that failed to load gets its own panel whose retry reloads the page (React keeps a failed lazy
 * import, so only a reload fetches it again).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordError } from './store';
import { isChunkError } from './chunks';

function ErrorPanel({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <div data-testid={chunk ? 'chunk-error' : 'render-error'}>
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

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
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
    if (this.state.error) return <ErrorPanel error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
