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
