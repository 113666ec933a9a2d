/**
 * The tag bar by keyboard, as the WAI-ARIA tabs pattern has it: Tab reaches the active tag, the arrow
 * keys (and Home, End) move between tags, Enter or Space opens the focused one, Delete closes it
 * (home stays). Focus moves without opening, so walking past a tag does not load its screen.
 */
import type { KeyboardEvent } from 'react';
import { isHome } from './tagState';

interface TagActions {
  activate(key: string): void;
  close(key: string): unknown;
}

export function onTagKeyDown(event: KeyboardEvent<HTMLElement>, tags: TagActions): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = items.indexOf(event.target as HTMLElement);
  if (index < 0) return;
  const key = items[index].dataset.key!;
  const focusAt = (i: number) => items[(i + items.length) % items.length].focus();
  const moves: Record<string, () => void> = {
    ArrowRight: () => focusAt(index + 1),
    ArrowLeft: () => focusAt(index - 1),
    Home: () => focusAt(0),
    End: () => focusAt(items.length - 1),
    Enter: () => tags.activate(key),
    ' ': () => tags.activate(key),
    Delete: () => {
      if (isHome(key)) return;
      focusAt(index - 1);
      void tags.close(key);
    },
  };
  const move = moves[event.key];
  if (!move) return;
  event.preventDefault();
  move();
}
