/** The shell's scrolling content area, for what sticks to it as it scrolls (a list's header row and sideways scrollbar). */
import { createContext, useContext, type RefObject } from 'react';

export const ContentScrollContext = createContext<RefObject<HTMLElement | null> | null>(null);

/** The content area's element, or the window outside the shell. */
export function useContentScroll(): () => HTMLElement | Window {
  const content = useContext(ContentScrollContext);
  return () => content?.current ?? window;
}
