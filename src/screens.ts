/**
 * Custom screens by name. Declarations in resources/ name their custom screen (as they name icons)
 * so that they stay free of React and the server never loads a page; this table turns each name
 * into a lazy chunk.
 */
import type { ComponentType } from 'react';
import type { ScreenName } from '../resources/types';

export type ScreenLoader = () => Promise<{ default: ComponentType<any> }>;

export const SCREENS = {
  HomePage: () => import('./pages/home/HomePage'),
  MessagesPage: () => import('./pages/messages/MessagesPage'),
  ErrorLogPage: () => import('./pages/error-log/ErrorLogPage'),
  ProfilePage: () => import('./pages/profile/ProfilePage'),
  AccountShow: () => import('./pages/receiving-accounts/AccountShow'),
  OnlineUsersPage: () => import('./pages/online-users/OnlineUsersPage'),
  OrderProfilePage: () => import('./pages/order-profile/OrderProfilePage'),
  OrderTestPage: () => import('./pages/order-test/OrderTestPage'),
  OrderTestAdminPage: () => import('./pages/order-test/OrderTestAdminPage'),
  OrderListPage: () => import('./pages/orders/OrderListPage'),
  OrderShow: () => import('./pages/orders/OrderShow'),
  PayoutBatchListPage: () => import('./pages/payout-batches/PayoutBatchListPage'),
  PayoutBatchShowPage: () => import('./pages/payout-batches/PayoutBatchShowPage'),
  StatisticsPage: () => import('./pages/statistics/StatisticsPage'),
  MonitorLogPage: () => import('./pages/monitor-log/MonitorLogPage'),
  // system config
  SystemConfigPage: () => import('./pages/system-config/SystemConfigPage'),
  SystemMaintenancePage: () => import('./pages/system-config/SystemMaintenancePage'),
  // versioned scripts (code editor, versions, diff) and the entity data view
  ScriptShow: () => import('./pages/scripts/ScriptShow'),
  EntityViewPage: () => import('./pages/entity-view/EntityViewPage'),
} satisfies Record<ScreenName, ScreenLoader>;

/**
 * The locale areas each custom screen reads beyond the shell's (providers/languages.ts SHELL_AREAS)
 * and those its declaration names: they load with the screen, which renders once they are in.
 * tests/unit/screen-texts.test.ts checks that a screen's sources name no other area.
 */
export const SCREEN_TEXTS = {
  HomePage: ['home', 'statistics'],
  MessagesPage: ['messages'],
  ErrorLogPage: ['errorLog'],
  ProfilePage: ['profile'],
  AccountShow: ['receivingAccounts'],
  OnlineUsersPage: [],
  OrderProfilePage: ['orderProfile'],
  OrderTestPage: ['orderTest', 'orderStatus', 'payoutStatus'],
  OrderTestAdminPage: ['orderTest', 'orderStatus', 'payoutStatus'],
  OrderListPage: ['orderBatch', 'orderTest', 'orderStatus'],
  OrderShow: ['orderAllocation'],
  PayoutBatchListPage: ['payoutBatches'],
  PayoutBatchShowPage: ['payoutBatches', 'payoutBatchState', 'payoutStatus', 'payoutActions'],
  StatisticsPage: ['statistics', 'orders'],
  MonitorLogPage: ['monitorLogs', 'monitorStatus'],
  SystemConfigPage: ['systemConfig'],
  SystemMaintenancePage: ['systemConfig'],
  ScriptShow: ['scripts'],
  EntityViewPage: ['entityView'],
} satisfies Record<ScreenName, readonly string[]>;

/**
 * Custom list screens that draw the generic list with a little around it (a button and the dialog
 * it opens): the shell keeps them mounted behind their tag as it keeps the generic list
 * (src/shell/kept), instead of mounting the whole list again at every switch to it.
 */
export const LISTS_AROUND_GENERIC: readonly ScreenName[] = ['OrderListPage', 'PayoutBatchListPage'];
