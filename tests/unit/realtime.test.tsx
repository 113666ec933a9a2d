/**
 * The admin's realtime pieces without a server: the live provider hands a pushed change to the
 * lists of that resource (every role variant) and no other, and reads a list once more when a read
 * of it was under way as the change came; the new-order alert stores the first polled code silently,
 * arms on a later different one, asks for a click when the browser gives no sound, remembers the
 * mute switch per user, and is reset by acknowledging it; it polls every 10 s by itself, so a new
 * order alerts within 12 s (the browser test leaves that figure to this one: a loaded machine renders late).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { FeedbackProvider } from '../../src/common/feedback/Feedback';
import { liveProvider, publishRealtime } from '../../src/realtime/live-provider';

const answers: ({ orderCode: string; createTime: string } | null)[] = [];
vi.mock('../../src/providers/http', () => ({ get: vi.fn(async () => answers.shift() ?? null) }));
const { NewOrderAlert } = await import('../../src/realtime/NewOrderAlert');

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('live provider', () => {
  it('refreshes the lists showing the changed resource, in every role variant', () => {
    const seen: string[] = [];
    const subscribe = (channel: string, types = ['*']) => liveProvider.subscribe({ channel, types, callback: (e) => seen.push(`${e.channel}:${e.type}:${JSON.stringify(e.payload)}`) });
    const subs = [subscribe('resources/orders'), subscribe('resources/orders-merchant'), subscribe('resources/payouts'), subscribe('resources/ordersStatistics'), subscribe('resources/orders', ['deleted'])];
    publishRealtime({ kind: 'rows', resource: 'orders', type: 'created', rows: [{ id: 7, orderCode: 'P7' }] });
    expect(seen).toEqual(['resources/orders:created:{"ids":[7]}', 'resources/orders-merchant:created:{"ids":[7]}']);
    seen.length = 0;
    publishRealtime({ kind: 'rows', resource: 'payouts', type: 'updated', rows: [] });
    expect(seen).toEqual(['resources/payouts:updated:{}']);
    subs.forEach((s) => liveProvider.unsubscribe(s));
  });

  it('a list read under way when a change is pushed is read once more after it answers', async () => {
    const client = new QueryClient();
    const key = ['data', 'default', 'orders', 'list'];
    let rows = ['P1'];
    // Each read answers with the rows as they were when it began; the first waits for the test.
    let release!: () => void;
    const firstAnswer = new Promise<void>((resolve) => (release = resolve));
    let readsBegun = 0;
    const queryFn = async () => {
      const snapshot = [...rows];
      if (++readsBegun === 1) await firstAnswer;
      return snapshot;
    };
    const stop = new QueryObserver(client, { queryKey: key, queryFn }).subscribe(() => undefined);
    // The new order is committed and pushed while the list's first read is under way.
    rows = ['P2', 'P1'];
    // Refine's own refresh joins a read under way (cancelRefetch: false).
    const sub = liveProvider.subscribe({ channel: 'resources/orders', types: ['*'], callback: () => void client.invalidateQueries({ queryKey: key }, { cancelRefetch: false }) });
    publishRealtime({ kind: 'rows', resource: 'orders', type: 'created', rows: [{ id: 2, orderCode: 'P2' }] }, client);
    release();
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(['P2', 'P1']));
    // One read more, not a stream of them.
    expect(readsBegun).toBe(2);
    liveProvider.unsubscribe(sub);
    stop();
  });
});

describe('new-order alert', () => {
  const mount = (client: QueryClient, userId = 7) =>
    render(
      <QueryClientProvider client={client}>
        <FeedbackProvider>
          <NewOrderAlert userId={userId} />
        </FeedbackProvider>
      </QueryClientProvider>,
    );
  const poll = (client: QueryClient) => act(() => client.refetchQueries());
  // A poll while the first read is still under way joins it instead of reading again (TanStack
  // dedupes a read that has no data yet): wait for that read so each poll takes the next answer.
  const firstReadDone = (client: QueryClient) => vi.waitFor(() => {
      expect(client.getQueryCache().findAll({ queryKey: ['realtime', 'lastOrder'] }).map((q) => q.state.status)).toEqual(['success']);
      expect(client.isFetching()).toBe(0);
    });

  it('arms on a new code only, asks for a click when sound is blocked, and is reset by acknowledging', async () => {
    const client = new QueryClient();
    answers.push({ orderCode: 'P1', createTime: '' }, { orderCode: 'P1', createTime: '' }, { orderCode: 'P2', createTime: '' });
    mount(client);
    await screen.findByTestId('mute-switch');
    await firstReadDone(client);
    await poll(client);
    expect(screen.queryByTestId('new-order-alert')).toBeNull();
    await poll(client);
    const alert = await screen.findByTestId('new-order-alert');
    expect(alert.getAttribute('data-order-code')).toBe('P2');
    // jsdom has no Web Audio: the sound cannot play, so the prompt shows instead of silence.
    expect(await screen.findByTestId('enable-sound')).toBeTruthy();
    fireEvent.click(alert);
    expect(screen.queryByTestId('new-order-alert')).toBeNull();
    client.clear();
  });

  it('reads the last order every 10 s by itself: an order placed after the page opened alerts within 12 s', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      answers.push({ orderCode: 'P1', createTime: '' }, { orderCode: 'P4', createTime: '' });
      mount(client);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(answers).toHaveLength(1);
      // No read of its own before the 10 s are up: the alert waits for the poll.
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(answers).toHaveLength(1);
      expect(screen.queryByTestId('new-order-alert')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(answers).toHaveLength(0);
      expect(screen.getByTestId('new-order-alert').getAttribute('data-order-code')).toBe('P4');
      client.clear();
    } finally {
      vi.useRealTimers();
    }
  });

  it('remembers the mute switch per user and asks for no sound while muted', async () => {
    const client = new QueryClient();
    answers.push({ orderCode: 'P1', createTime: '' }, { orderCode: 'P3', createTime: '' });
    mount(client, 7);
    fireEvent.click(await screen.findByTestId('mute-switch'));
    expect(localStorage.getItem('realtime.muted.7')).toBe('1');
    await firstReadDone(client);
    await poll(client);
    await screen.findByTestId('new-order-alert');
    expect(screen.queryByTestId('enable-sound')).toBeNull();
    cleanup();
    mount(new QueryClient(), 7);
    expect((await screen.findByTestId('mute-switch')).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    mount(new QueryClient(), 8);
    expect((await screen.findByTestId('mute-switch')).getAttribute('aria-pressed')).toBe('false');
    client.clear();
  });
});
