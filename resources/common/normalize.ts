/**
 * How a form input is put in its canonical form as it is typed (antd Form.Item `normalize`), so
 * what the operator sees is what is saved and a lowercase IFSC is corrected rather than refused:
 * - `upper`: upper-cased, spaces removed (IFSC);
 * - `lower`: lower-cased, spaces removed (a hex address whose rule is lower case);
 * - `compact`: spaces removed, case kept (card numbers; TRON addresses are case-sensitive base58);
 * - default for text: leading spaces dropped; the shared schemas trim the end on both sides (trimming
 *   the end while typing would swallow the space between two words).
 */
export type NormalizeRule = 'upper' | 'lower' | 'compact';

export function normalizeInput(rule: NormalizeRule | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (rule === undefined) return value.replace(/^\s+/, '');
  const compact = value.replace(/\s+/g, '');
  return rule === 'upper' ? compact.toUpperCase() : rule === 'lower' ? compact.toLowerCase() : compact;
}

/** The form item's `normalize` for a declared input: text inputs only (a number or switch keeps its value). */
export function normalizerOf(field: { type: string; normalize?: NormalizeRule }): ((value: unknown) => unknown) | undefined {
  return field.type === 'text' ? (value) => normalizeInput(field.normalize, value) : undefined;
}
