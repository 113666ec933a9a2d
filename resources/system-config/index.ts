/**
 * Global config /systemConfig (superAdmin edits; technicalMaintenance reads /systemConfig/readonly)
 * and system maintenance /systemConfig-admin. Custom screens: the config is one row per setting
 * (each its own control and its own save, by the setting's kind, bounds and options) plus the two
 * security parameter forms, not a list of entity rows; maintenance is two confirmed buttons that
 * report what they changed. Whether the controls show is the ability's `edit`, nothing else.
 */
import type { ResourceApi, ResourceDeclaration } from '../types';

export const systemConfigApi = {
  calls: {
    // Ours: every setting in one read, {settings: {<name>: {enable} | {value}}}; the per-setting calls stay.
    getAllSettings: '/system-config/getAllSettings',
    getSecurityFreqParameters: '/system-config/getSecurityFreqParameters',
    setSecurityFreqParameters: '/system-config/setSecurityFreqParameters',
    getGlobalSecuritySetting: '/system-config/getGlobalSecuritySetting',
    setGlobalSecuritySetting: '/system-config/setGlobalSecuritySetting',
  },
} as const satisfies ResourceApi;

export const maintenanceApi = {
  calls: {
    reset: '/system-config/resetSystemResourcePool',
    fix: '/system-config/fixSystemResources',
  },
} as const satisfies ResourceApi;

/** What reset and fix answer: each figure before, and what is left after (0 when all was repaired). */
export interface MaintenanceReport {
  figures: { name: string; before: number; after: number }[];
}

export const systemConfig: ResourceDeclaration = {
  name: 'systemConfig',
  parent: 'group.system',
  icon: 'setting',
  routes: { list: '/systemConfig' },
  api: systemConfigApi,
  screens: { list: 'SystemConfigPage' },
  variants: [{ name: 'systemConfig-readonly', routes: { list: '/systemConfig/readonly' } }],
};

export const systemMaintenance: ResourceDeclaration = {
  name: 'systemMaintenance',
  parent: 'group.system',
  icon: 'tool',
  routes: { list: '/systemConfig-admin' },
  api: maintenanceApi,
  screens: { list: 'SystemMaintenancePage' },
};
