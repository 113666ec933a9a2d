/**
 * What an operator chose for a list's table, remembered per user and screen in localStorage: the
 * columns hidden and the row density. Pure, for ListSettings.tsx and its tests. Hidden columns are
 * stored (not shown ones), so a column added to the declaration later shows until it is hidden.
 */

export const DENSITIES = ['large', 'middle', 'small'] as const;
export type Density = (typeof DENSITIES)[number];

export interface ListSettings {
  /** Keys of the columns the operator turned off. */
  hidden: string[];
  density: Density;
}

export const DEFAULT_SETTINGS: ListSettings = { hidden: [], density: 'middle' };

/** The row actions: never hidden, or a row could no longer be acted on. */
export const ACTIONS_COLUMN = 'actions';

/** One entry per user and screen (a role variant is a screen of its own). */
export const settingsKey = (userId: number, identifier: string) => `list.settings.${userId}.${identifier}`;

/** The stored settings, or the defaults for anything missing or malformed. */
export function readSettings(raw: string | null): ListSettings {
  let saved: unknown;
  try {
    saved = raw ? JSON.parse(raw) : null;
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof saved !== 'object' || saved === null) return DEFAULT_SETTINGS;
  const { hidden, density } = saved as Record<string, unknown>;
  return {
    hidden: Array.isArray(hidden) ? hidden.filter((k): k is string => typeof k === 'string' && k !== ACTIONS_COLUMN) : [],
    density: DENSITIES.includes(density as Density) ? (density as Density) : DEFAULT_SETTINGS.density,
  };
}

/** Shows or hides one column; the actions column always stays. */
export function toggleColumn(settings: ListSettings, key: string, visible: boolean): ListSettings {
  const others = settings.hidden.filter((k) => k !== key);
  return { ...settings, hidden: visible || key === ACTIONS_COLUMN ? others : [...others, key] };
}

/** The columns left to show. */
export const visibleColumns = <C extends { key?: unknown }>(columns: C[], settings: ListSettings): C[] =>
  columns.filter((c) => c.key === ACTIONS_COLUMN || !settings.hidden.includes(String(c.key)));
