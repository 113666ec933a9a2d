import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../../src/common/error-log/ErrorBoundary';
import { ChunkLoadError, isChunkError, withChunkTimeout } from '../../src/common/error-log/chunks';
import { clearErrors, markAllSeen, recordError } from '../../src/common/error-log/store';
import { useErrorLog } from '../../src/common/error-log/useErrorLog';

function Boom(): never {
  throw new Error('screen exploded');
}

function Count() {
  const { entries, unread } = useErrorLog();
  return <span data-testid="count">{`${entries.length}/${unread}`}</span>;
}

afterEach(() => {
  cleanup();
  clearErrors();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('error boundary', () => {
  it('shows a friendly panel and logs the render error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    render(
      <>
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>
        <Count />
      </>,
    );
    expect(screen.getByTestId('render-error')).toBeTruthy();
    expect(screen.getByTestId('count').textContent).toBe('1/1');
  });
});

describe('error log store', () => {
  it('keeps an entry locally when saving fails, without logging that failure again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    document.cookie = 'token=abc; path=/';
    render(<Count />);
    await act(async () => recordError({ type: 'error', message: 'first' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('count').textContent).toBe('1/1');
    // The same error repeating at once is kept once; another one is added.
    await act(async () => recordError({ type: 'error', message: 'first' }));
    await act(async () => recordError({ type: 'rejection', message: 'second' }));
    expect(screen.getByTestId('count').textContent).toBe('2/2');
    expect(fetch).toHaveBeenCalledTimes(2);
    act(() => markAllSeen());
    expect(screen.getByTestId('count').textContent).toBe('2/0');
    document.cookie = 'token=; path=/; max-age=0';
  });
});

describe('chunk loading', () => {
  it('turns a failed import into a ChunkLoadError', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')))()).rejects.toSatisfy(isChunkError);
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => undefined), 120_000)();
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('passes a loaded chunk through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ default: 1 }))()).resolves.toEqual({ default: 1 });
  });
});
