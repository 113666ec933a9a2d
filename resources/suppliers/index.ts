/** Suppliers, also called code merchants (/supplier/list and its customer-service variant). */
import { memberDeclaration } from '../merchants/member-declaration';

export const suppliers = memberDeclaration({ name: 'suppliers', parent: 'group.suppliers', icon: 'team', path: '/supplier/list', prefix: '/supplier' });
