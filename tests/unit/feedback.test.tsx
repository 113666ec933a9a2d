/**
 * The app's messages, notifications and dialogs (src/common/feedback): what is asked for before their
 * chunk is in shows once it is, each once and in order; later calls show at once. A shell chunk
 * that fails to download (src/common/lazy/useChunk.ts) says so to its caller and is tried again at the next
 * ask, without throwing to an error boundary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FeedbackProvider, useFeedback } from '../../src/common/feedback/Feedback';
import { useChunk } from '../../src/common/lazy/useChunk';
import { lazyPart } from '../../src/common/lazy/lazyPart';

afterEach(cleanup);

/** The titles of the dialogs open, in the order they opened. */
const titles = () => [...document.querySelectorAll('.ant-modal-confirm-title')].map((e) => e.textContent);

function Asker() {
  const { message, modal, notification } = useFeedback();
  return (
    <>
      <button onClick={() => modal.confirm({ title: 'Delete it?', content: 'For good.' })}>ask</button>
      <button onClick={() => modal.info({ title: 'Done.' })}>tell</button>
      <button onClick={() => void message.success('Saved.')}>save</button>
      <button onClick={() => notification.info({ message: 'New order' })}>notify</button>
    </>
  );
}

describe('feedback', () => {
  it('opens the dialogs asked for before the holders were in, each once and in order, and the later ones at once', async () => {
    await act(async () => {
      render(
        <FeedbackProvider>
          <Asker />
        </FeedbackProvider>,
      );
    });
    // Clicked in an async act, so that React's retry of the suspended holder is seen by the test.
    await act(async () => {
      fireEvent.click(screen.getByText('ask'));
      fireEvent.click(screen.getByText('tell'));
    });
    await act(async () => {
      await import('../../src/common/feedback/FeedbackHost');
    });
    await screen.findByText('For good.');
    expect(titles()).toEqual(['Delete it?', 'Done.']);
    fireEvent.click(screen.getByText('ask'));
    expect(titles()).toEqual(['Delete it?', 'Done.', 'Delete it?']);
  }, 15_000);

  it('shows messages and notifications', async () => {
    render(
      <FeedbackProvider>
        <Asker />
      </FeedbackProvider>,
    );
    fireEvent.click(screen.getByText('save'));
    expect(await screen.findByText('Saved.', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByText('notify'));
    expect(await screen.findByText('New order')).toBeTruthy();
  });

  it('tells a failed download to the one who asked, and tries again at the next ask', async () => {
    let tries = 0;
    const load = () => (++tries === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve({ default: () => <p>loaded</p> }));
    const part = lazyPart(load);
    const failures: string[] = [];
    function Asker() {
      const [Loaded, ask] = useChunk(part);
      return Loaded ? <Loaded /> : <button onClick={() => ask(() => failures.push('failed'))}>load</button>;
    }
    render(<Asker />);
    await act(async () => fireEvent.click(screen.getByText('load')));
    expect(failures).toEqual(['failed']);
    expect(screen.queryByText('loaded')).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('load')));
    expect(screen.getByText('loaded')).toBeTruthy();
    expect(tries).toBe(2);
  });

  it('tells every asker of a download under way when it fails, from one download', async () => {
    let tries = 0;
    let fail!: (error: Error) => void;
    const part = lazyPart<object>(() => {
      tries++;
      return new Promise((_, reject) => (fail = reject));
    });
    const failures: string[] = [];
    function Asker() {
      const [, ask] = useChunk(part);
      return (
        <>
          <button onClick={() => ask(() => failures.push('idle prefetch'))}>first</button>
          <button onClick={() => ask(() => failures.push('second login'))}>second</button>
        </>
      );
    }
    render(<Asker />);
    fireEvent.click(screen.getByText('first'));
    fireEvent.click(screen.getByText('second'));
    await act(async () => fail(new Error('Failed to fetch dynamically imported module')));
    expect(failures).toEqual(['idle prefetch', 'second login']);
    expect(tries).toBe(1);
  });
});
