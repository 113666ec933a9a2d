/**
 * Which screens the shell keeps mounted, as pure state: the page on screen and the list screens of
 * other open tags it showed before, most recently shown last. Each has an id that names one mounting
 * of it: a new id mounts the screen anew.
 *
 * A list reads its URL (filters, page, sort) when it mounts and writes it back as it changes. So a
 * list is shown again as it was only when opened at the URL it last showed, as its tag does; opened
 * at another URL (the menu's bare path, a link with other filters) it mounts anew and reads it. The
 * page on screen takes every new URL of its own path in place, as a mounted screen always did.
 */
export interface KeptScreen {
  /** The path: one screen or record, as a tag's key. */
  key: string;
  /** The URL it last showed, query included. */
  url: string;
  /** One mounting of the screen. */
  id: number;
  /** May stay mounted once hidden (a list); any other screen is dropped when another one shows. */
  keep: boolean;
}

export interface KeptState {
  screens: KeptScreen[];
  /** The id the next new mounting takes. */
  nextId: number;
}

export const noScreens = (): KeptState => ({ screens: [], nextId: 1 });

/** The page on screen: the last one. */
export const shownOf = (state: KeptState): KeptScreen | undefined => state.screens.at(-1);

/**
 * The state once `page` shows. Hidden screens stay while their tag is open (`openKeys`), at most
 * `limit` of them, the least recently shown going first.
 */
export function showScreen(state: KeptState, page: Omit<KeptScreen, 'id'>, openKeys: ReadonlySet<string>, limit: number): KeptState {
  const shown = shownOf(state);
  const known = state.screens.find((s) => s.key === page.key);
  const same = known && (known === shown || known.url === page.url);
  const screen: KeptScreen = { ...page, id: same ? known.id : state.nextId };
  const hidden = state.screens.filter((s) => s.key !== page.key && s.keep && openKeys.has(s.key));
  return { screens: [...hidden.slice(Math.max(0, hidden.length - limit)), screen], nextId: same ? state.nextId : state.nextId + 1 };
}

/** Drops the hidden screens whose tag closed; the page on screen stays (its tag opens after it shows). */
export function keepOpen(state: KeptState, openKeys: ReadonlySet<string>): KeptState {
  const shown = shownOf(state);
  const screens = state.screens.filter((s) => s === shown || openKeys.has(s.key));
  return screens.length === state.screens.length ? state : { ...state, screens };
}
