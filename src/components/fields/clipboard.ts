/**
 * Puts a text on the clipboard: the Clipboard API where the browser offers it (a secure page, the
 * tab focused), else copy-to-clipboard's selection copy, which works on a page served over plain
 * HTTP, and where even that is refused asks the user to copy by hand (`byHand`, with `#{key}` for
 * the key combination). Resolves whether the text reached the clipboard without the user's help.
 */
import copy from 'copy-to-clipboard';

export async function copyToClipboard(text: string, byHand: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the tab not focused): the selection copy below may still work.
  }
  return copy(text, { format: 'text/plain', message: byHand });
}
