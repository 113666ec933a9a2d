/**
 * An input whose component comes from its own chunk (./lazyPart.ts, ./parts.ts). A form that shows
 * one waits for that chunk with its route (src/screen-parts.ts); a list's filter does not: its rows
 * show at once and the input's box holds the place until the chunk is in, fetched as it first
 * renders. A download that fails then is told in the box, with a retry, not over the whole screen.
 */
import { Component, Suspense, use, type ErrorInfo, type ReactNode } from 'react';
import { Button, Input, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkError } from '../../common/error-log/chunks';
import { recordCaught } from '../../common/error-log/ErrorBoundary';
import type { LazyPart } from '../../common/lazy/lazyPart';

function Loaded<Props extends object>({ part, props }: { part: LazyPart<Props>; props: Props }) {
  const Input = part.loaded() ?? use(part.load());
  return <Input {...props} />;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact block>
      <Input status="error" readOnly value={t('common.inputLoadFailed')} />
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Space.Compact>
  );
}

/** Catches only a failed chunk; any other error goes on to the screen's boundary. */
class PartBoundary extends Component<{ children: ReactNode; onRetry: () => void; failure: (retry: () => void) => ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkError(error)) recordCaught(error, info); // any other error is the screen's boundary's to log
  }

  render() {
    const { error } = this.state;
    if (error && !isChunkError(error)) throw error;
    if (error) {
      const retry = () => {
        this.props.onRetry();
        this.setState({ error: null });
      };
      return this.props.failure(retry);
    }
    return this.props.children;
  }
}

/** The box an input holds its place with while its part loads (antd's Skeleton would weigh 4 kB on the lists' route for this alone). */
function Placeholder() {
  const { token } = theme.useToken();
  return <div aria-busy="true" data-testid="input-loading" style={{ height: token.controlHeight, borderRadius: token.borderRadius, background: token.colorFillTertiary }} />;
}

interface ViewProps<Props> {
  part: LazyPart<Props>;
  props: Props;
  /** What holds its place while it loads. */
  fallback: ReactNode;
  /** What tells that its download failed, with the retry. */
  failure: (retry: () => void) => ReactNode;
}

/** A part from its own chunk, in the place given: what holds it while it loads and what tells a failure are the caller's. */
export function LazyPartView<Props extends object>({ part, props, fallback, failure }: ViewProps<Props>) {
  return (
    <PartBoundary onRetry={part.retry} failure={failure}>
      <Suspense fallback={fallback}>
        <Loaded part={part} props={props} />
      </Suspense>
    </PartBoundary>
  );
}

const inputFailure = (retry: () => void) => <LoadFailed onRetry={retry} />;

export function LazyInput<Props extends object>({ part, ...props }: { part: LazyPart<Props> } & Props) {
  return <LazyPartView part={part} props={props as unknown as Props} fallback={<Placeholder />} failure={inputFailure} />;
}
