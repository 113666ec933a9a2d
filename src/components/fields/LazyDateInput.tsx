/**
 * A time input whose pickers (DateInput.tsx) come from their own chunk. A form that shows one waits
 * for that chunk with its route (src/screen-parts.ts); a list's time filter does not: its rows show
 * at once and the filter's box holds the place until the pickers are in, fetched as it first
 * renders. A download that fails then is told in the box, with a retry, not over the whole screen.
 */
import { Component, Suspense, use, type ErrorInfo, type ReactNode } from 'react';
import { Button, Input, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkError } from '../../shell/error-log/chunks';
import { recordCaught } from '../../shell/error-log/ErrorBoundary';
import { loadDateInput, loadedDateInput, retryDateInput } from './datePickers';

interface Props {
  range: boolean;
  value?: any;
  onChange?: (value: any) => void;
  id?: string;
}

function Pickers(props: Props) {
  const DateInput = loadedDateInput() ?? use(loadDateInput());
  return <DateInput {...props} />;
}

function PickersFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Space.Compact block>
      <Input status="error" readOnly value={t('common.pickerFailed')} />
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Space.Compact>
  );
}

/** Catches only a failed pickers chunk; any other error goes on to the screen's boundary. */
class PickersBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
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
        retryDateInput();
        this.setState({ error: null });
      };
      return <PickersFailed onRetry={retry} />;
    }
    return this.props.children;
  }
}

export function LazyDateInput(props: Props) {
  return (
    <PickersBoundary>
      <Suspense fallback={<Skeleton.Input active block />}>
        <Pickers {...props} />
      </Suspense>
    </PickersBoundary>
  );
}
