/** Suppliers, also called code merchants (/supplier/list and its variant), and their agent teams. */
import { memberRoutes } from '../merchants/member-routes.js';
import { agentRoutes } from './agents.js';

export const supplierRoutes = [...memberRoutes({ role: 'supplier', subject: 'suppliers', prefix: '/supplier', topLevelOnly: true }), ...agentRoutes];
