/** Bank number management: the bank names and numbers the platform recognises; plain CRUD from its declaration. */
import { bankNumbers as declaration } from '../../resources/bank-numbers/index.js';
import { bankNumbers } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';

export const bankNumberRoutes = entityRoutes({ declaration, table: bankNumbers, unique: ['bankNumber'], audit: 'bankNumber' });
