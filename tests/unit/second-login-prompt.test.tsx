/**
 * The second-level password window over a confirmation: antd draws its confirmation
 * dialogs at z-index 2000 and the window at 1000, so a window opened while a confirmation waited on
 * the call that asked for it sat under it, out of reach. Every 1024/1025 answer now goes through one
 * place (askSecondLogin) that closes the confirmations waiting on calls first; a cancelled window
 * is no error (no unhandled rejection, nothing in the error log); an action's inputs the server
 * checks only under a setting are asked only while it is on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { ConfigProvider } from 'antd';
import { closeWaitingConfirmations, whileConfirming } from '../../src/providers/confirmations';
import { ApiError, httpHooks, post } from '../../src/providers/http';
import { FeedbackProvider, useFeedback } from '../../src/common/feedback/Feedback';
import { installErrorCapture } from '../../src/common/error-log/capture';
import { clearErrors } from '../../src/common/error-log/store';
import { useErrorLog } from '../../src/common/error-log/useErrorLog';
import { askedInputs } from '../../src/components/resource/askedInputs';
import { orderActions } from '../../resources/orders/actions';

type Reply = { code: number; data?: unknown; msg?: string };
let replies: Reply[] = [];
let calls: string[] = [];

beforeEach(() => {
  replies = [];
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify({ data: null, msg: '', ...(replies.shift() ?? { code: 200 }) }), { status: 200 });
  });
  httpHooks.showError = vi.fn();
  httpHooks.logError = vi.fn();
  Cookies.set('token', 'T1');
});
afterEach(() => {
  cleanup();
  clearErrors();
  vi.unstubAllGlobals();
  Cookies.remove('token');
});

describe('the confirmations waiting on a call', () => {
  it('close when asked, only while their work runs, each once', async () => {
    const close = vi.fn();
    let finish!: () => void;
    const work = whileConfirming(close, () => new Promise<void>((resolve) => (finish = resolve)));
    closeWaitingConfirmations();
    closeWaitingConfirmations();
    expect(close).toHaveBeenCalledTimes(1);
    finish();
    await work;
    const after = vi.fn();
    await whileConfirming(after, () => 'done');
    closeWaitingConfirmations();
    expect(after).not.toHaveBeenCalled();
  });

  it('close before the second-login window opens on a 1024, and the call is retried after it', async () => {
    const close = vi.fn();
    const closedWhenAsked: boolean[] = [];
    httpHooks.secondLogin = vi.fn(async () => {
      closedWhenAsked.push(close.mock.calls.length === 1);
      return true;
    });
    replies.push({ code: 1024, msg: 'need token2' }, { code: 200, data: 'exported' });
    await expect(whileConfirming(close, () => post('/payoutBatch/export', { id: 1 }))).resolves.toBe('exported');
    expect(closedWhenAsked).toEqual([true]);
    expect(calls).toHaveLength(2);
  });
});

function Exporter({ onDone }: { onDone: (result: unknown) => void }) {
  const { modal } = useFeedback();
  const ask = () =>
    modal.confirm({
      title: 'Export',
      content: 'Export this batch?',
      onOk: async () => onDone(await post('/payoutBatch/export', { id: 1 }, { silent: true })),
    });
  return <button onClick={ask}>Export</button>;
}

const confirmations = () => document.querySelectorAll('.ant-modal-confirm');

describe('an antd confirmation whose OK gets a 1024', () => {
  it('is gone while the second-level password is asked, and the action completes after it', async () => {
    let answer!: (ok: boolean) => void;
    httpHooks.secondLogin = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    replies.push({ code: 1024, msg: 'need token2' }, { code: 200, data: 'exported' });
    const onDone = vi.fn();
    await act(async () => {
      render(
        <ConfigProvider theme={{ token: { motion: false } }}>
          <FeedbackProvider>
            <Exporter onDone={onDone} />
          </FeedbackProvider>
        </ConfigProvider>,
      );
      await import('../../src/common/feedback/FeedbackHost');
    });
    fireEvent.click(screen.getByText('Export'));
    await screen.findByText('Export this batch?');
    expect(confirmations()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(httpHooks.secondLogin).toHaveBeenCalledWith(1024));
    // Nothing above the window: the confirmation closed before it opened.
    await waitFor(() => expect(screen.queryByText('Export this batch?')).toBeNull());
    expect(onDone).not.toHaveBeenCalled();
    await act(async () => answer(true));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('exported'));
  });

  it('cancelled, leaves no error: no unhandled rejection, nothing in the error log', async () => {
    installErrorCapture();
    httpHooks.secondLogin = vi.fn(async () => false);
    replies.push({ code: 1024, msg: 'need token2' });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    let log: ReturnType<typeof useErrorLog> | null = null;
    function Log() {
      log = useErrorLog();
      return null;
    }
    const onDone = vi.fn();
    await act(async () => {
      render(
        <FeedbackProvider>
          <Exporter onDone={onDone} />
          <Log />
        </FeedbackProvider>,
      );
      await import('../../src/common/feedback/FeedbackHost');
    });
    fireEvent.click(screen.getByText('Export'));
    await screen.findByText('Export this batch?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(httpHooks.secondLogin).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(log!.entries).toEqual([]);
  });

  it('the error of a cancelled window says so, and an unhandled one is no error of the page', () => {
    expect(new ApiError(1024, 'x', '/a').promptCancelled).toBe(true);
    expect(new ApiError(1025, 'x', '/a').promptCancelled).toBe(true);
    expect(new ApiError(4000, 'x', '/a').promptCancelled).toBe(false);
    installErrorCapture();
    const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: new ApiError(1024, 'x', '/a') });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe("a supplier's confirm asks its payment password only while the server checks it", () => {
  const supplierConfirm = orderActions.find((a) => a.name === 'confirm' && a.onlyFor?.includes('orders-supplier'))!;
  it.each([
    [false, []],
    [true, ['payPassword']],
  ])('EnablePayPassword %s: asks %j', async (asked, names) => {
    replies.push({ code: 200, data: { payPasswordAsked: asked } });
    expect((await askedInputs(supplierConfirm)).map((f) => f.name)).toEqual(names);
    expect(calls[0]).toMatch(/\/profile\/get$/);
  });

  it('an action without such inputs asks nothing of the server', async () => {
    const reject = orderActions.find((a) => a.name === 'reject')!;
    expect((await askedInputs(reject)).map((f) => f.name)).toEqual(['rejectReason', 'otherReason']);
    expect(calls).toEqual([]);
  });
});
