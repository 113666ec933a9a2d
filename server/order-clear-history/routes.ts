/** Order clear history: the kit's read-only list of the cleanup's runs (the job writes them). */
import { orderClearHistory as declaration } from '../../resources/order-clear-history/index.js';
import { orderClearHistory } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';

export const orderClearHistoryRoutes = entityRoutes({ declaration, table: orderClearHistory, audit: 'orderClearHistory' });
