/**
 * rc-util's `updateCSS`, which antd's CSS-in-JS calls each time any antd component mounts (not
 * only the first time its style is needed), with a fast path: a style this module wrote and that
 * is still in place with the same text is answered at once. rc-util's own version lists every
 * <style> of the page and reads the matching one's text back on every call; a list screen mounts
 * hundreds of components over a hundred styles, and switching tags spent a tenth of its time there.
 * Everything else is rc-util's (scripts/dependency-swaps.ts puts this module in its place).
 */
import * as rc from 'rc-util/es/Dom/dynamicCSS';

/** @public rc-util's own: this module stands in for all of rc-util's. */
export const injectCSS = rc.injectCSS;
/** @public */
export const removeCSS = rc.removeCSS;
/** @public */
export const clearContainerCache = rc.clearContainerCache;

interface Options {
  attachTo?: Element;
  mark?: string;
  csp?: { nonce?: string };
  [other: string]: unknown;
}

/** The style element written for each mark and key, with the text it was given. */
const written = new Map<string, { node: HTMLStyleElement; css: string }>();

const markOf = (option: Options) => (option.mark ? (option.mark.startsWith('data-') ? option.mark : `data-${option.mark}`) : 'rc-util-key');

export function updateCSS(css: string, key: string, option: Options = {}): HTMLStyleElement {
  const mark = markOf(option);
  const slot = `${mark}\n${key}`;
  const known = written.get(slot);
  if (
    known?.css === css &&
    known.node.isConnected &&
    known.node.parentNode === (option.attachTo ?? document.head) &&
    known.node.getAttribute(mark) === key &&
    (!option.csp?.nonce || known.node.nonce === option.csp.nonce)
  ) {
    return known.node;
  }
  const node = rc.updateCSS(css, key, option) as HTMLStyleElement;
  written.set(slot, { node, css });
  return node;
}
