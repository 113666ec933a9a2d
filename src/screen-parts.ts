/**
 * Lazy parts of a screen beyond its own chunk that load with its route, as its texts do
 * (src/routes.tsx): a form renders once they are in, so none of its inputs changes shape after it
 * showed. Pure and free of React, so that scripts/bundle-size.ts counts the same parts in the route
 * it measures.
 */
import type { FieldDeclaration, ResourceDeclaration } from '../resources/types';

export type ScreenAction = 'list' | 'create' | 'edit' | 'show';

/** `datePickers`: antd's date and range pickers (src/components/fields/DateInput.tsx, about 30 kB gzip). */
export type ScreenPart = 'datePickers';

/** Each part's source, as Vite's manifest names its chunk. */
export const PART_SOURCES: Record<ScreenPart, string> = { datePickers: 'src/components/fields/DateInput.tsx' };

const on = (identifier: string) => (x: { onlyFor?: string[] }) => !x.onlyFor || x.onlyFor.includes(identifier);
const timed = (fields: readonly FieldDeclaration[]) => fields.some((f) => f.type === 'datetime');

/**
 * The parts the generic screens of a declaration (and the custom ones built on them) show at once
 * for one action under one identifier (the declaration's or a variant's): the date pickers for a
 * time field of the form. A list waits for none: its rows matter first, and its time filter and the
 * time inputs of its row actions' dialogs hold their place until the pickers are in
 * (src/components/fields/LazyDateInput.tsx).
 */
export function partsOf(d: ResourceDeclaration, action: ScreenAction, identifier: string = d.name): ScreenPart[] {
  const fields = (d.fields ?? []).filter(on(identifier));
  const needsPickers = {
    list: () => false,
    create: () => timed(fields.filter((f) => f.create)),
    edit: () => timed(fields.filter((f) => f.edit)),
    show: () => false,
  }[action]();
  return needsPickers ? ['datePickers'] : [];
}
