/**
 * The build's ResizeObserver (src/dependency-swaps/resize-observer.ts): the browser's reports pass
 * on for elements in the document, and none for an element the shell took out of it (a hidden
 * tag's screen), so its table does not draw every row again as it hides and as it shows.
 */
import { afterEach, expect, it, vi } from 'vitest';

type Callback = (entries: { target: { isConnected: boolean } }[], observer: unknown) => void;

afterEach(() => vi.unstubAllGlobals());

async function observerWithBrowser() {
  let browserCallback: Callback = () => undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: Callback) {
        browserCallback = callback;
      }
    },
  );
  vi.resetModules();
  const { default: ConnectedResizeObserver } = await import('../../src/dependency-swaps/resize-observer');
  const heard: unknown[][] = [];
  const observer = new ConnectedResizeObserver((entries) => heard.push(entries));
  return { observer, heard, report: (entries: { target: { isConnected: boolean } }[]) => browserCallback(entries, observer) };
}

it('passes on the reports of elements in the document, and only those', async () => {
  const { heard, report } = await observerWithBrowser();
  const shown = { target: { isConnected: true } };
  const hidden = { target: { isConnected: false } };
  report([shown, hidden]);
  expect(heard).toEqual([[shown]]);
});

it('calls nothing when every report is of an element out of the document', async () => {
  const { heard, report } = await observerWithBrowser();
  report([{ target: { isConnected: false } }, { target: { isConnected: false } }]);
  expect(heard).toEqual([]);
  // Back in the document: the browser reports it again, and that passes on.
  report([{ target: { isConnected: true } }]);
  expect(heard).toHaveLength(1);
});
