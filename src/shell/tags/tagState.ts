/**
 * The opened-page tag bar as pure state transitions. A tag is one screen or one record: its key is
 * the path alone, because a query only switches a view of the same screen (a list's filters and
 * page, the message centre's tab, a detail's tab) while a record has its own path (`/edit/8`). The
 * tag remembers the last URL it showed, query included, and goes back there. Home is always first
 * and never closes. Closing the active tag activates its right neighbour, or its left one when it
 * was last.
 */
export const HOME_KEY = '/home';

export interface Tag {
  /** The pathname, e.g. "/order/list": one tag per screen or record. */
  key: string;
  /** The last URL the tag showed, query included ("/order/list?status=1"); the key when absent. */
  url?: string;
  /** What the record is called (an account, a name), once the screen has loaded it. */
  label?: string;
  /** Resource identifier: the tag's title is looked up (and translated) from it at render time. */
  name: string;
  /** Screen action other than the list (create, edit, show) and the record id, shown after the title. */
  action?: string;
  id?: string;
}

export interface TagState {
  tags: Tag[];
  active: string;
}

const HOME_TAG: Tag = { key: HOME_KEY, name: 'home' };

export const initialTags = (): TagState => ({ tags: [HOME_TAG], active: HOME_KEY });

export const isHome = (key: string): boolean => key === HOME_KEY;

/** A URL's tag key: its path without query or hash. */
const keyOf = (url: string): string => url.split(/[?#]/)[0];

/** Where activating the tag goes: the URL it last showed. */
export const urlOf = (state: TagState, key: string): string => state.tags.find((t) => t.key === key)?.url ?? key;

/**
 * Opens (or re-activates) a page given by its URL; a new tag goes to the end of the bar. An open
 * tag of the same path takes the new URL (another filter, tab or page of the same screen) and keeps
 * its place and its record's label.
 */
export function openTag(state: TagState, page: Omit<Tag, 'key' | 'url'> & { url: string }): TagState {
  const key = keyOf(page.url);
  if (isHome(key)) return { ...state, active: HOME_KEY };
  const { url, ...rest } = page;
  const open = state.tags.find((t) => t.key === key);
  const tag: Tag = { ...(open?.label !== undefined ? { label: open.label } : {}), ...rest, key, ...(url !== key ? { url } : {}) };
  if (!open) return { tags: [...state.tags, tag], active: key };
  return { tags: state.tags.map((t) => (t.key === key ? tag : t)), active: key };
}

/** Names the record a tag shows (a screen that loaded it); nothing changes when it already says so. */
export function labelTag(state: TagState, key: string, label: string | undefined): TagState {
  const tag = state.tags.find((t) => t.key === key);
  if (!tag || tag.label === label) return state;
  return { ...state, tags: state.tags.map((t) => (t.key === key ? { ...t, label } : t)) };
}

/**
 * Closes the given tags (home is kept whatever is asked). When the active tag goes, the nearest
 * surviving tag on its right becomes active, else the nearest on its left.
 */
export function closeTags(state: TagState, keys: readonly string[]): TagState {
  const closing = new Set(keys.filter((k) => !isHome(k)));
  if (!closing.size) return state;
  const tags = state.tags.filter((t) => !closing.has(t.key));
  if (!closing.has(state.active)) return { tags, active: state.active };
  const index = state.tags.findIndex((t) => t.key === state.active);
  const right = state.tags.slice(index + 1).find((t) => !closing.has(t.key));
  const left = state.tags
    .slice(0, Math.max(index, 0))
    .reverse()
    .find((t) => !closing.has(t.key));
  return { tags, active: (right ?? left ?? HOME_TAG).key };
}

export const closeTag = (state: TagState, key: string): TagState => closeTags(state, [key]);

/**
 * The bar as the page shown sees it: the router is a step ahead of the bar (a tag is activated in an
 * effect after the page changed), and a close in between must hand over from the page on screen.
 */
export const showing = (state: TagState, key: string): TagState => (state.tags.some((t) => t.key === key) ? { ...state, active: key } : state);

/** Keys that "close others" of `key` would close. */
export const othersOf = (state: TagState, key: string): string[] => state.tags.map((t) => t.key).filter((k) => k !== key && !isHome(k));

/** Keeps home and the clicked tag, which becomes active (it acts on the tag clicked, not the current page). */
export function closeOthers(state: TagState, key: string): TagState {
  const next = closeTags(state, othersOf(state, key));
  return next.tags.some((t) => t.key === key) ? { ...next, active: key } : next;
}

/** Keeps only home and goes home. */
export const closeAll = (state: TagState): TagState => ({ ...closeTags(state, othersOf(state, HOME_KEY)), active: HOME_KEY });

/** Rebuilds a saved state, dropping anything malformed; home always first, the active tag always present. */
export function restoreTags(saved: unknown): TagState {
  const value = saved as Partial<TagState> | null;
  if (!value || !Array.isArray(value.tags)) return initialTags();
  const seen = new Set<string>([HOME_KEY]);
  const tags: Tag[] = [HOME_TAG];
  const text = (v: unknown): v is string => typeof v === 'string';
  for (const t of value.tags as Partial<Tag>[]) {
    // A bar saved when the query was part of the key: its path is the key, the full key the URL.
    const url = text(t?.url) ? t.url : t?.key;
    if (!t || !text(t.key) || !text(t.name) || !text(url) || !t.key.startsWith('/') || !url.startsWith('/') || seen.has(keyOf(t.key))) continue;
    const key = keyOf(t.key);
    seen.add(key);
    tags.push({ key, name: t.name, ...(url !== key ? { url } : {}), ...(text(t.action) ? { action: t.action } : {}), ...(text(t.id) ? { id: t.id } : {}), ...(text(t.label) ? { label: t.label } : {}) });
  }
  const active = text(value.active) && seen.has(keyOf(value.active)) ? keyOf(value.active) : HOME_KEY;
  return { tags, active };
}
