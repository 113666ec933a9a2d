import type { ResourceDeclaration } from '../types';
import { errorLogApi } from './api';

/** The error log; reached from the header's error-log button. Custom: entries live in the browser. */
export const errorLogs: ResourceDeclaration = {
  name: 'errorLogs',
  routes: { list: '/error-logs' },
  icon: 'bug',
  api: { list: errorLogApi.list, calls: { save: errorLogApi.save } },
  hideFromMenu: true,
  screens: { list: 'ErrorLogPage' },
};
