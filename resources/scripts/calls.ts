/**
 * Dynamic pay call records: each call the platform's external pay runner made with a pay script
 * (which version, for which order, what it sent and got back, how long, whether it succeeded).
 * Read-only on every screen: nobody edits a record of what happened.
 */
import type { ResourceDeclaration } from '../types';

export const payScriptCalls: ResourceDeclaration = {
  name: 'payScriptCalls',
  parent: 'group.system',
  icon: 'fileSearch',
  labels: 'scripts',
  routes: { list: '/systemManager/dynamicPayRecord', show: '/systemManager/dynamicPayRecord/show/:id' },
  api: { list: '/payScriptCall/getList', one: '/payScriptCall/getOne' },
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'scriptName', type: 'text', list: true, filter: 'contains', primaryFilter: true, show: true },
    { name: 'version', type: 'number', list: true, show: true, width: 90 },
    { name: 'orderCode', type: 'text', list: true, filter: 'contains', primaryFilter: true, show: true, copyable: true },
    { name: 'success', type: 'boolean', list: true, filter: 'exact', show: true, width: 100 },
    { name: 'durationMs', type: 'number', list: true, show: true, width: 110 },
    { name: 'request', type: 'json', list: true, show: true },
    { name: 'response', type: 'json', list: true, show: true },
    { name: 'createdAt', type: 'datetime', list: true, filter: 'range', show: true },
  ],
  variants: [
    { name: 'payScriptCalls-readonly', routes: { list: '/systemManager/dynamicPayRecord/readonly', show: '/systemManager/dynamicPayRecord/readonly/show/:id' } },
    { name: 'payScriptCalls-techSupport', parent: 'group.dynamicPay', routes: { list: '/dynamicPay/dynamicPayRecord', show: '/dynamicPay/dynamicPayRecord/show/:id' } },
  ],
};
