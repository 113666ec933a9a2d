/** Suppliers, also called code merchants (/supplier/list and its variant); their agent teams are supplier-proxy/. */
import { suppliers } from '../../resources/suppliers/index.js';
import { memberRoutes } from '../merchants/member-routes.js';

export const supplierRoutes = memberRoutes({ role: 'supplier', declaration: suppliers, topLevelOnly: true });
