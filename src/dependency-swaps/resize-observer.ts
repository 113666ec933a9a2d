/**
 * The ResizeObserver antd's size observers get in the build (for resize-observer-polyfill, which
 * hands out the browser's own wherever there is one): the browser's, told nothing about an element
 * out of the document. The shell takes a hidden tag's screen out of the document
 * (src/shell/kept/KeptScreens.tsx), and the browser reports each of its observed elements at size 0
 * then and at its size again when it shows: each report made its table draw every row again, once
 * as the tag hid and once as it showed. An element back in the document is reported as usual (the
 * browser's own last size for it is then 0), and an unchanged size draws nothing.
 */
const Native = globalThis.ResizeObserver;

export default class ConnectedResizeObserver extends Native {
  constructor(callback: ResizeObserverCallback) {
    super((entries, observer) => {
      const connected = entries.filter((entry) => entry.target.isConnected);
      if (connected.length) callback(connected, observer);
    });
  }
}
