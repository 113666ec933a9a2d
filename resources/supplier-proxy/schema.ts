/** A supplier's agents (/supplier-proxy): requests shared by the form and the server. */
import { z } from 'zod';
import { account, id, keepPassword, password, required } from '../common/rules';

export const addAgent = z.object({ nickname: required(64), account, password });
export const updateAgent = z.object({ id, nickname: required(64), account, password: keepPassword });
