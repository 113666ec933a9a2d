/** A supplier's agents (/supplier-proxy): requests shared by the form and the server. */
import { z } from 'zod';
import { account, displayName, id, keepPassword, password } from '../common/rules';

export const addAgent = z.object({ nickname: displayName(64), account, password });
export const updateAgent = z.object({ id, nickname: displayName(64), account, password: keepPassword });
