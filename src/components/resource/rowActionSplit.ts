/**
 * Which of a row's actions sit in the row and which in its "more" menu. Pure, for RowActions and its
 * tests: at most two actions in the row (so the fixed Actions column stays narrow and covers little
 * of the table), in the order an operator reaches for them: the record's detail, its edit, the
 * domain actions as declared, and delete last.
 */
import type { RowAction } from '../../../resources/types';

export type RowEntry = { kind: 'show' } | { kind: 'edit' } | { kind: 'delete' } | { kind: 'action'; action: RowAction };

/** The most actions a row shows as buttons; any more go into the menu. */
export const INLINE_LIMIT = 2;

interface Available {
  show: boolean;
  edit: boolean;
  remove: boolean;
  /** The domain actions the role may take on this row, in declaration order. */
  actions: RowAction[];
}

/** Every action of the row in priority order. */
export function rowEntries({ show, edit, remove, actions }: Available): RowEntry[] {
  return [
    ...(show ? [{ kind: 'show' as const }] : []),
    ...(edit ? [{ kind: 'edit' as const }] : []),
    ...actions.map((action) => ({ kind: 'action' as const, action })),
    ...(remove ? [{ kind: 'delete' as const }] : []),
  ];
}

/** The first `limit` entries in the row, the rest in the menu (three actions: two and "more"). */
export function splitEntries<T>(entries: T[], limit = INLINE_LIMIT): { inline: T[]; more: T[] } {
  return { inline: entries.slice(0, limit), more: entries.slice(limit) };
}

/** A stable key for an entry (the menu's item key, React's key). */
export const entryKey = (entry: RowEntry): string => (entry.kind === 'action' ? `action:${entry.action.name}` : entry.kind);
