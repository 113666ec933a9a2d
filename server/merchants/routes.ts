/** Merchants (/merchants/list and its customer-service variant): the member routes of their declaration. */
import { merchants } from '../../resources/merchants/index.js';
import { memberRoutes } from './member-routes.js';

export const merchantRoutes = memberRoutes({ role: 'merchant', declaration: merchants });
