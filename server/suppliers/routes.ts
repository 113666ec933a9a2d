/** Suppliers, also called code merchants (/supplier/list and its variant), and their agent teams. */
import { suppliers } from '../../resources/suppliers/index.js';
import { memberRoutes } from '../merchants/member-routes.js';
import { agentRoutes } from './agents.js';

export const supplierRoutes = [...memberRoutes({ role: 'supplier', declaration: suppliers, topLevelOnly: true }), ...agentRoutes];
