/** Merchants (/merchants/list for admins, /merchants/list/customerService read-only). */
import { memberDeclaration } from './member-declaration';

export const merchants = memberDeclaration({ name: 'merchants', parent: 'group.merchants', icon: 'shop', path: '/merchants/list', prefix: '/merchant', clearBalance: true });
