/**
 * The opened-page tag bar as pure state transitions. A tag is one
 * opened page: its key is path + query, so the same screen with another query is another tag. Home
 * is always first and never closes. Closing the active tag activates its right neighbour, or its left
 * one when it was last.
 */
export const HOME_KEY = '/home';

export interface Tag {
  /** pathname + search, e.g. "/order/list?status=1". */
  key: string;
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

/** Opens (or re-activates) a page; a new tag goes to the end of the bar. */
export function openTag(state: TagState, tag: Tag): TagState {
  if (isHome(tag.key)) return { ...state, active: HOME_KEY };
  const exists = state.tags.some((t) => t.key === tag.key);
  return { tags: exists ? state.tags : [...state.tags, tag], active: tag.key };
}

/**
 * A screen rewrote its own query in place (a list syncing its page and filters to the URL): the
 * active tag follows it instead of a second tag appearing. Home stays home. When a tag with the
 * rewritten key is already open (the menu entry of a list that is open with its query), that tag
 * is activated and the replaced one dropped: its key no longer leads anywhere but back to it.
 */
export function replaceActive(state: TagState, tag: Tag): TagState {
  if (isHome(state.active) || isHome(tag.key)) return openTag(state, tag);
  const pathOf = (key: string) => key.split('?')[0];
  if (pathOf(state.active) !== pathOf(tag.key)) return openTag(state, tag);
  if (state.tags.some((t) => t.key === tag.key && t.key !== state.active)) {
    return { tags: state.tags.filter((t) => t.key !== state.active), active: tag.key };
  }
  return { tags: state.tags.map((t) => (t.key === state.active ? tag : t)), active: tag.key };
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
  for (const t of value.tags as Partial<Tag>[]) {
    if (!t || typeof t.key !== 'string' || typeof t.name !== 'string' || !t.key.startsWith('/') || seen.has(t.key)) continue;
    seen.add(t.key);
    tags.push({ key: t.key, name: t.name, ...(typeof t.action === 'string' ? { action: t.action } : {}), ...(typeof t.id === 'string' ? { id: t.id } : {}) });
  }
  const active = typeof value.active === 'string' && seen.has(value.active) ? value.active : HOME_KEY;
  return { tags, active };
}
