/** Name blacklist: plain CRUD from its declaration; a name is listed once. */
import { nameBlacklist as declaration } from '../../resources/name-blacklist/index.js';
import { nameBlacklist } from '../db/schema/index.js';
import { entityRoutes } from '../crud/routes.js';

export const nameBlacklistRoutes = entityRoutes({ declaration, table: nameBlacklist, unique: ['name'], audit: 'nameBlacklist' });
