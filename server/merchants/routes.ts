/** Merchants (/merchants/list and its customer-service variant): the member routes under /merchant. */
import { memberRoutes } from './member-routes.js';

export const merchantRoutes = memberRoutes({ role: 'merchant', subject: 'merchants', prefix: '/merchant' });
