/** The routes line resources/README.md adds in step 3, word for word (server/complaints/routes.ts there). */
import { complaints as declaration } from './complaints-declaration.js';
import { complaints } from './complaints-table.js';
import { entityRoutes } from '../../server/crud/routes.js';

export const complaintRoutes = entityRoutes({ declaration, table: complaints, audit: 'complaint' });
