/**
 * Lazy parts of a screen beyond its own chunk that load with its route, as its texts do
 * (src/routes.tsx): a form renders once they are in, so none of its inputs changes shape after it
 * showed. Pure and free of React, so that scripts/bundle-size.ts counts the same parts in the route
 * it measures.
 */
import type { FieldDeclaration, ResourceDeclaration } from '../resources/types';

export type ScreenAction = 'list' | 'create' | 'edit' | 'show';

/**
 * `datePickers`: antd's date and range pickers (src/components/fields/DateInput.tsx, about 30 kB
 * gzip); `numberInput`: antd's number input (src/components/fields/NumberInput.tsx, about 7 kB).
 */
export type ScreenPart = 'datePickers' | 'numberInput';

/** Each part's source, as Vite's manifest names its chunk. */
export const PART_SOURCES: Record<ScreenPart, string> = { datePickers: 'src/components/fields/DateInput.tsx', numberInput: 'src/components/fields/NumberInput.tsx' };

/** The field type each part is the input of (src/components/fields/FieldInput.tsx). */
const PART_OF_TYPE: Partial<Record<FieldDeclaration['type'], ScreenPart>> = { datetime: 'datePickers', number: 'numberInput' };

const on = (identifier: string) => (x: { onlyFor?: string[] }) => !x.onlyFor || x.onlyFor.includes(identifier);
/**
 * The parts the generic screens of a declaration (and the custom ones built on them) show at once
 * for one action under one identifier (the declaration's or a variant's): the date pickers for a
 * time field of the form, the number input for a number field. A list waits for none: its rows
 * matter first, and its filters and the inputs of its row actions' dialogs hold their place until
 * their part is in (src/components/fields/LazyInput.tsx).
 */
export function partsOf(d: ResourceDeclaration, action: ScreenAction, identifier: string = d.name): ScreenPart[] {
  const fields = (d.fields ?? []).filter(on(identifier));
  const shown = { list: () => [], create: () => fields.filter((f) => f.create), edit: () => fields.filter((f) => f.edit), show: () => [] }[action]();
  const parts = new Set(shown.map((f) => PART_OF_TYPE[f.type]).filter((p): p is ScreenPart => p !== undefined));
  return (Object.keys(PART_SOURCES) as ScreenPart[]).filter((p) => parts.has(p));
}

/**
 * The parts a list's filters fetch as they first render, without the list waiting for them
 * (src/components/fields/LazyInput.tsx): the time and number filters' inputs, under one identifier.
 */
export function filterPartsOf(d: ResourceDeclaration, identifier: string = d.name): ScreenPart[] {
  const parts = new Set((d.fields ?? []).filter((f) => f.filter && on(identifier)(f)).map((f) => PART_OF_TYPE[f.type]));
  return (Object.keys(PART_SOURCES) as ScreenPart[]).filter((p) => parts.has(p));
}
