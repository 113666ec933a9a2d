/**
 * Lazy parts of a screen beyond its own chunk that load with its route, as its texts do
 * (src/routes.tsx): the screen renders once they are in, so none is requested after it showed (a
 * link dropped in between would fail the whole screen). Pure and free of React, so that
 * scripts/bundle-size.ts counts the same parts in the route it measures.
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
 * The parts the generic screens of a declaration (and the custom ones built on them) show for one
 * action under one identifier (the declaration's or a variant's): the date pickers for a time
 * filter of the list, a time input of a row action's dialog or a time field of the form.
 */
export function partsOf(d: ResourceDeclaration, action: ScreenAction, identifier: string = d.name): ScreenPart[] {
  const fields = (d.fields ?? []).filter(on(identifier));
  const needsPickers = {
    list: () => timed(fields.filter((f) => f.filter && !f.filterHidden && !f.filterSwitch)) || (d.actions ?? []).filter(on(identifier)).some((a) => timed(a.inputs ?? [])),
    create: () => timed(fields.filter((f) => f.create)),
    edit: () => timed(fields.filter((f) => f.edit)),
    show: () => false,
  }[action]();
  return needsPickers ? ['datePickers'] : [];
}
