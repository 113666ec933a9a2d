/**
 * Dynamic pay scripts and the monitors' script (system management): two declarations of the one
 * versioned-script kit (./kit.ts), and the pay scripts' call records (./calls.ts).
 */
import { scriptDeclaration } from './kit';

/** Scripts the platform's external pay runner executes for a product or channel. */
export const payScripts = scriptDeclaration({
  name: 'payScripts',
  icon: 'code',
  api: '/payScript',
  path: '/systemManager/payScript',
  // technicalSupport's own branch of the menu (System management > Dynamic pay).
  extraVariants: [{ name: 'payScripts-techSupport', parent: 'group.dynamicPay', routes: { list: '/dynamicPay/payScriptInfo', show: '/dynamicPay/payScriptInfo/show/:id' } }],
});

/** The script the monitors (docs/monitors.md) run; they fetch its current version with their token. */
export const monitorScripts = scriptDeclaration({ name: 'monitorScripts', icon: 'monitor', api: '/monitorScript', path: '/systemManager/monitorScript' });
