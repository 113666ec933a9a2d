/**
 * Request schemas of the global config, shared by a future config screen and the
 * server: `set<Name>` takes {enable} for a switch and {value} for a number or a text, checked by
 * the setting's kind; the trusted-chain parameters and the global security setting are objects of
 * whole numbers (minReliableCheckAmount arrives x100, in minor units, and is kept as sent).
 */
import { z } from 'zod';
import { INT32_MAX, fromQuery } from '../common/rules';
import type { SettingDeclaration } from './settings';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A switch: true/false (the strings "true"/"false" from a query-style client too). */
const enable = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'required' }));
/** A whole number from 0 to the database's integer limit; numeric text is accepted. */
const count = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : blankToUndefined(v)),
  z.number({ error: 'required' }).int('integer').min(0).max(INT32_MAX),
);
const text = z.string({ error: 'required' }).trim().max(500, 'tooLong');
const url = text.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'format');

/** The body of `set<Name>` for one setting. */
export function settingBody(setting: SettingDeclaration) {
  if (setting.kind === 'enable') return z.object({ enable });
  if (setting.kind === 'number') return z.object({ value: count });
  return z.object({ value: setting.url ? url : text });
}

/** Which parameter set (the request's `type`): a small whole number, 0 when absent. */
const securityType = z.preprocess(blankToUndefined, z.number().int('integer').min(0).max(1000).default(0));
/** The same, in GET's query string. */
export const securityTypeQuery = fromQuery(securityType);

export const securityFreqParameters = z.object({
  sbLeakCheckInterval: count,
  minReliableChainSize: count,
  minReliableCheckSize: count,
  minReliableCheckTimeRange: count,
  /** Minor units: the screen multiplies what the user types by 100 (providers/conventions.ts). */
  minReliableCheckAmount: count,
  type: securityType,
});
export type SecurityFreqParameters = z.infer<typeof securityFreqParameters>;

export const globalSecuritySetting = z.object({
  lookForwardMinutes: count,
  perMinuteFreqCount: count,
  messageMaxCacheTime: count,
  messageInSecurityChainCacheTime: count,
});
export type GlobalSecuritySetting = z.infer<typeof globalSecuritySetting>;

/** What a never-written parameter set answers. */
export const SECURITY_FREQ_DEFAULTS: Omit<SecurityFreqParameters, 'type'> = {
  sbLeakCheckInterval: 60,
  minReliableChainSize: 3,
  minReliableCheckSize: 3,
  minReliableCheckTimeRange: 60,
  minReliableCheckAmount: 0,
};
export const GLOBAL_SECURITY_DEFAULTS: GlobalSecuritySetting = {
  lookForwardMinutes: 30,
  perMinuteFreqCount: 10,
  messageMaxCacheTime: 60,
  messageInSecurityChainCacheTime: 60,
};
