/** The statistics domain's routes: GET /order/statisticsV2 and the dashboard's calls. */
import { dashboardRoutes } from './dashboard.js';
import { statisticsRoutes as statisticsV2Routes } from './statistics.js';

export const statisticsRoutes = [...statisticsV2Routes, ...dashboardRoutes];
