/**
 * Which texts name a schema's fields, so a refusal names the field as its screen labels it, in the
 * form and in the server's answer alike: `<area>.fields.<name>` for each area the schema was
 * labelled with, then the common `fields.<name>`, else the field's own name. A schema no screen
 * labels (a merchant's API) names its fields by their wire names.
 */
const areas = new WeakMap<object, readonly string[]>();

/** Marks a schema's fields as labelled in these locale areas; returns the schema. */
export function labelled<T extends object>(schema: T, ...labelAreas: (string | undefined)[]): T {
  areas.set(schema, labelAreas.filter((a): a is string => Boolean(a)));
  return schema;
}

/** The locale keys to try, in order, for the label of `field` (a path's first part) of `schema`. */
export function labelKeys(schema: object | undefined, field: string): string[] {
  const own = schema && areas.get(schema);
  return own ? [...own.map((area) => `${area}.fields.${field}`), `fields.${field}`] : [];
}
