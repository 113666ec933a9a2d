/**
 * Whether the screen a component is in shows, or is a list the shell keeps hidden behind another
 * tag (./KeptScreens.tsx). Read when needed, not rendered from: a list told it was hidden or shown
 * would draw itself again, and that took as long as the switch it should spare.
 */
import { createContext, useContext } from 'react';

export interface ScreenVisibility {
  shown(): boolean;
  /** Calls `listener` each time the screen shows again; returns the unsubscribe. */
  onShown(listener: () => void): () => void;
}

export interface ScreenVisibilityControl extends ScreenVisibility {
  set(shown: boolean): void;
}

export function screenVisibility(): ScreenVisibilityControl {
  let shown = true;
  const listeners = new Set<() => void>();
  return {
    shown: () => shown,
    onShown(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      const showing = next && !shown;
      shown = next;
      if (showing) listeners.forEach((listener) => listener());
    },
  };
}

/** Outside the shell's kept screens (a form, a custom screen), a screen always shows. */
const ALWAYS: ScreenVisibility = { shown: () => true, onShown: () => () => undefined };

export const ScreenVisibilityContext = createContext<ScreenVisibility>(ALWAYS);

export const useScreenVisibility = (): ScreenVisibility => useContext(ScreenVisibilityContext);
