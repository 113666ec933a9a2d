/** Which rows an action applies to (RowAction.when), and the parameters it sends for a row. Pure, for the row menu and its tests. */
import type { RowAction, RowMatch } from '../../../resources/types';

type Row = Record<string, unknown>;

const one = (row: Row, match: RowMatch) => ('in' in match ? match.in.includes(row[match.field]) : row[match.field] === match.equals);

/** Does the row meet the condition (every one of a list)? No condition: every row. */
export function rowMatches(row: Row, when?: RowMatch | readonly RowMatch[]): boolean {
  if (!when) return true;
  const all: readonly RowMatch[] = Array.isArray(when) ? when : [when as RowMatch];
  return all.every((m) => one(row, m));
}

/** The call's parameters: the row id (alone or as a one-element list), the fixed ones, then the inputs. */
export function actionParams(action: RowAction, row: Row, inputs: Row = {}): Row {
  const id = row[action.idField ?? 'id'];
  return { [action.idParam ?? 'id']: action.idList ? [id] : id, ...action.params, ...inputs };
}

/** The inputs asked now: an input shown only for another input's value is left out otherwise. */
export const visibleInputs = (action: RowAction, values: Row) => (action.inputs ?? []).filter((f) => !f.visibleWhen || values[f.visibleWhen.field] === f.visibleWhen.equals);
