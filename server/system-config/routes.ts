/**
 * Global config: for every setting of resources/system-config/settings.ts,
 * `GET /system-config/get<Name>` answers {enable} or {value} and `POST /system-config/set<Name>`
 * takes the same; plus the trusted-chain parameters and the global security setting. Reading is
 * for the roles abilities.ts lets list the config (superAdmin, technicalMaintenance on the
 * read-only view, admin on system maintenance); only superAdmin edits. Switching a per-action
 * Google-code requirement needs the second-level login. Every set writes an audit record with the
 * value before and after (credentials masked).
 */
import type { RouteSpec } from '../http/route.js';
import { route } from '../http/route.js';
import { SETTINGS, settingPath, type SettingDeclaration } from '../../resources/system-config/settings.js';
import { systemConfigApi } from '../../resources/system-config/index.js';
import {
  GLOBAL_SECURITY_DEFAULTS,
  SECURITY_FREQ_DEFAULTS,
  globalSecuritySetting,
  securityFreqParameters,
  securityTypeQuery,
  settingBody,
} from '../../resources/system-config/schema.js';
import { maskSecret } from '../security/secrets.js';
import { z } from 'zod';
import type { AppAbility } from '../../providers/ability-engine.js';
import { getAllSettings, getConfigObject, getSetting, setConfigObject, setSetting, type SettingValue } from '../settings/store.js';
import { freqKey, GLOBAL_SECURITY_KEY } from '../settings/security.js';

const READERS = ['systemConfig', 'systemConfig-readonly', 'systemMaintenance'];
const EDITOR = 'systemConfig';
const read = { action: 'list', subject: READERS } as const;
const edit = { action: 'edit', subject: EDITOR } as const;

const canEdit = (ability: AppAbility) => ability.can('edit', EDITOR);
/** A credential is shown whole only to whoever may change it. */
const shown = (setting: SettingDeclaration, value: SettingValue, whole: boolean): SettingValue =>
  setting.secret && !whole && typeof value.value === 'string' ? { value: maskSecret(value.value) } : value;

function settingRoutes(setting: SettingDeclaration): RouteSpec[] {
  const body = settingBody(setting);
  return [
    route({
      method: 'GET',
      url: settingPath('get', setting.name),
      access: read,
      handler: async ({ db, ability }) => shown(setting, await getSetting(db, setting.name), canEdit(ability)),
    }),
    route({
      method: 'POST',
      url: settingPath('set', setting.name),
      access: edit,
      // Turning a Google-code requirement off is exactly what a stolen session would do first.
      secondLevel: setting.group === 'googleVerify' ? true : undefined,
      body,
      handler: async ({ db, body: input, audit }) => {
        const before = await getSetting(db, setting.name);
        const raw = 'enable' in input ? input.enable : input.value;
        await setSetting(db, setting.name, raw);
        const after = await getSetting(db, setting.name);
        await audit('systemConfig.set', setting.name, shown(setting, before, false), shown(setting, after, false));
        return after;
      },
    }),
  ] as RouteSpec[];
}

/**
 * Ours, beside the spec's per-setting calls (which stay): the config screen reads every setting in
 * one call instead of one per setting. Same readers and masking as get<Name>.
 */
const getAll = route({
  method: 'GET',
  url: systemConfigApi.calls.getAllSettings,
  access: read,
  handler: async ({ db, ability }) => {
    const all = await getAllSettings(db);
    return { settings: Object.fromEntries(SETTINGS.map((s) => [s.name, shown(s, all[s.name], canEdit(ability))])) };
  },
});


const getSecurityFreqParameters = route({
  method: 'GET',
  url: '/system-config/getSecurityFreqParameters',
  access: read,
  query: z.object({ type: securityTypeQuery }),
  handler: async ({ db, query }) => ({ ...(await getConfigObject(db, freqKey(query.type), SECURITY_FREQ_DEFAULTS)), type: query.type }),
});

const setSecurityFreqParameters = route({
  method: 'POST',
  url: '/system-config/setSecurityFreqParameters',
  access: edit,
  body: securityFreqParameters,
  handler: async ({ db, body, audit }) => {
    const { type, ...values } = body;
    const before = await getConfigObject(db, freqKey(type), SECURITY_FREQ_DEFAULTS);
    await setConfigObject(db, freqKey(type), values);
    await audit('systemConfig.setSecurityFreqParameters', type, before, values);
    return { ...values, type };
  },
});

const getGlobalSecuritySetting = route({
  method: 'GET',
  url: '/system-config/getGlobalSecuritySetting',
  access: read,
  handler: async ({ db }) => getConfigObject(db, GLOBAL_SECURITY_KEY, GLOBAL_SECURITY_DEFAULTS),
});

const setGlobalSecuritySetting = route({
  method: 'POST',
  url: '/system-config/setGlobalSecuritySetting',
  access: edit,
  body: globalSecuritySetting,
  handler: async ({ db, body, audit }) => {
    const before = await getConfigObject(db, GLOBAL_SECURITY_KEY, GLOBAL_SECURITY_DEFAULTS);
    await setConfigObject(db, GLOBAL_SECURITY_KEY, body);
    await audit('systemConfig.setGlobalSecuritySetting', GLOBAL_SECURITY_KEY, before, body);
    return body;
  },
});

export const systemConfigRoutes: RouteSpec[] = [
  ...SETTINGS.flatMap(settingRoutes),
  getAll,
  getSecurityFreqParameters,
  setSecurityFreqParameters,
  getGlobalSecuritySetting,
  setGlobalSecuritySetting,
] as RouteSpec[];
