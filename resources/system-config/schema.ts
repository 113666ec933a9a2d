/**
 * Request schemas of the global config, shared by the config screen and the server: `set<Name>`
 * takes {enable} for a switch and {value} for a number or a text, checked by the setting's kind,
 * bounds and options as declared in ./settings.ts; the trusted-chain parameters and the global security setting are objects of
 * whole numbers (minReliableCheckAmount arrives x100, in minor units, and is kept as sent).
 */
import { z } from 'zod';
import { INT32_MAX, fromQuery } from '../common/rules';
import { isHttpUrl } from '../common/identifiers';
import type { SettingDeclaration } from './settings';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A switch: true/false (the strings "true"/"false" from a query-style client too). */
const enable = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'required' }));
const text = z.string({ error: 'required' }).trim().max(500, 'tooLong');

/** A whole number within the setting's bounds (numeric text is accepted). */
const boundedCount = (min = 0, max = INT32_MAX) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : blankToUndefined(v)),
    // No error of its own: a missing value says "required", a wrong one "wrong type", a bound names its limit.
    z.number().int('integer').min(min).max(max),
  );

/** The body of `set<Name>` for one setting: its kind, bounds, options and length, as declared. */
export function settingBody(setting: SettingDeclaration) {
  if (setting.kind === 'enable') return z.object({ enable });
  if (setting.kind === 'number') return z.object({ value: boundedCount(setting.min, setting.max) });
  if (setting.options) return z.object({ value: z.string({ error: 'required' }).trim().pipe(z.enum(setting.options as [string, ...string[]], { error: 'option' })) });
  const limited = setting.maxLength ? z.string({ error: 'required' }).trim().max(setting.maxLength, 'tooLong') : text;
  // A URL setting follows the notify URL's rule (blank: not set).
  return z.object({ value: setting.url ? limited.refine((v) => v === '' || isHttpUrl(v), 'format') : limited });
}

/** A number field of the security parameters: its bounds and unit, shared by the form and the schema. */
export interface ParameterField {
  name: string;
  min: number;
  max: number;
  unit?: 'seconds' | 'minutes' | 'times' | 'nodes' | 'records';
  /** Typed in major units on screen, stored x100 (minor units). */
  money?: true;
}
/** The trusted-chain parameters (`type` aside), in form order. */
export const SECURITY_FREQ_FIELDS: readonly ParameterField[] = [
  { name: 'sbLeakCheckInterval', min: 1, max: 86_400, unit: 'seconds' },
  { name: 'minReliableChainSize', min: 1, max: 1000, unit: 'nodes' },
  { name: 'minReliableCheckSize', min: 1, max: 1000, unit: 'records' },
  { name: 'minReliableCheckTimeRange', min: 1, max: 10_080, unit: 'minutes' },
  { name: 'minReliableCheckAmount', min: 0, max: INT32_MAX, money: true },
];
export const GLOBAL_SECURITY_FIELDS: readonly ParameterField[] = [
  { name: 'lookForwardMinutes', min: 1, max: 1440, unit: 'minutes' },
  // 0: no per-minute limit (server/order-analysis/requests.ts).
  { name: 'perMinuteFreqCount', min: 0, max: 100_000, unit: 'times' },
  { name: 'messageMaxCacheTime', min: 1, max: 10_080, unit: 'minutes' },
  { name: 'messageInSecurityChainCacheTime', min: 1, max: 10_080, unit: 'minutes' },
];
const bounded = (fields: readonly ParameterField[], name: string) => {
  const field = fields.find((f) => f.name === name)!;
  return boundedCount(field.min, field.max);
};
const freq = (name: string) => bounded(SECURITY_FREQ_FIELDS, name);
const global = (name: string) => bounded(GLOBAL_SECURITY_FIELDS, name);

/** Which parameter set (the request's `type`): a small whole number, 0 when absent. */
const securityType = z.preprocess(blankToUndefined, z.number().int('integer').min(0).max(1000).default(0));
/** The same, in GET's query string. */
export const securityTypeQuery = fromQuery(securityType);

/** minReliableCheckAmount is in minor units: the screen multiplies what the user types by 100 (providers/conventions.ts). */
export const securityFreqParameters = z.object({
  sbLeakCheckInterval: freq('sbLeakCheckInterval'),
  minReliableChainSize: freq('minReliableChainSize'),
  minReliableCheckSize: freq('minReliableCheckSize'),
  minReliableCheckTimeRange: freq('minReliableCheckTimeRange'),
  minReliableCheckAmount: freq('minReliableCheckAmount'),
  type: securityType,
});
export type SecurityFreqParameters = z.infer<typeof securityFreqParameters>;

export const globalSecuritySetting = z.object({
  lookForwardMinutes: global('lookForwardMinutes'),
  perMinuteFreqCount: global('perMinuteFreqCount'),
  messageMaxCacheTime: global('messageMaxCacheTime'),
  messageInSecurityChainCacheTime: global('messageInSecurityChainCacheTime'),
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
