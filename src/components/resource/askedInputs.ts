/**
 * The inputs a row action asks now (ActionInput.askedWhen): one the server checks only under a
 * setting is asked only while the setting is on, read as the dialog opens, so the dialog asks exactly
 * what the server will check (a payment password while EnablePayPassword is on) even after the
 * setting changed in the session.
 */
import type { ActionInput, RowAction } from '../../../resources/types';
import { profileApi } from '../../../resources/profile';
import { get } from '../../providers/http';

export async function askedInputs(action: RowAction): Promise<ActionInput[]> {
  const inputs = action.inputs ?? [];
  if (!inputs.some((f) => f.askedWhen)) return inputs;
  const { payPasswordAsked } = await get<{ payPasswordAsked: boolean }>(profileApi.get);
  return inputs.filter((f) => f.askedWhen !== 'payPassword' || payPasswordAsked);
}
