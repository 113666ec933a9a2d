/**
 * The security parameters the records read on every request (no restart): the global security
 * setting (lookForwardMinutes: how long before a record its order may have been created) and the
 * trusted-chain parameters (minReliableChainSize...). Stored by /system-config/set...; defaults
 * from resources/system-config/schema.ts.
 */
import { GLOBAL_SECURITY_DEFAULTS, SECURITY_FREQ_DEFAULTS, type GlobalSecuritySetting, type SecurityFreqParameters } from '../../resources/system-config/schema.js';
import { getConfigObject } from './store.js';
import type { Db } from '../db/client.js';

/** Where the security settings are stored in system_config: the global one, and the frequency parameters per type. */
export const freqKey = (type: number) => `SecurityFreqParameters:${type}`;
export const GLOBAL_SECURITY_KEY = 'GlobalSecuritySetting';

export const globalSecurity = (db: Db): Promise<GlobalSecuritySetting> => getConfigObject(db, GLOBAL_SECURITY_KEY, GLOBAL_SECURITY_DEFAULTS);

/** Parameter set 0, the platform's (the `type` of the set call names others). */
export const chainParameters = (db: Db): Promise<Omit<SecurityFreqParameters, 'type'>> => getConfigObject(db, freqKey(0), SECURITY_FREQ_DEFAULTS);
