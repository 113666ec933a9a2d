/**
 * A channel kind: one declaration (./channel.ts) yields the resource (supplier, admin and
 * customer-service screens), its fields, its request schemas and the server's
 * routes. Adding a channel is a declaration, its entry in ./channel-list.ts and its screen titles in
 * the locales (see ../README.md).
 */
import type { FieldDeclaration, ResourceDeclaration } from '../types';
import { userApi } from '../users/api';
import { ACCOUNT_FIELDS, type AccountFieldName } from './fields';
import { DISABLED_STATE, STATES } from './options';
import { accountListQuery, accountSchemas } from './schema';
import { channelScreens, type ChannelSpec } from './channel';
import { CHANNEL_SPECS } from './channel-list';

export interface AccountKind extends ChannelSpec {
  declaration: ResourceDeclaration;
  /** Ability subjects of its screens, supplier's first. */
  subjects: string[];
  schemas: ReturnType<typeof accountSchemas>;
  listQuery: ReturnType<typeof accountListQuery>;
}

/** An account's pay resource: its detail (processing orders, pay link, QR), totals and on/off switch. */
export const resourceApi = {
  detail: '/resource/getResourceDetailInfo',
  staticInfo: '/resource/getResourceStaticInfo',
  enable: '/resource/enableResource',
} as const;

/** API paths of a kind below /v1.0; the server registers exactly these. */
export const accountApi = (kind: string) => ({
  list: `/receivingAccount/${kind}/getList`,
  one: `/receivingAccount/${kind}/getDetail`,
  create: `/receivingAccount/${kind}/add`,
  update: `/receivingAccount/${kind}/update`,
  delete: `/receivingAccount/${kind}/delete`,
  deleteMethod: 'POST' as const,
});

const screenRoutes = (base: string, editable: boolean): ResourceDeclaration['routes'] => ({
  list: base,
  show: `${base}/show/:id`,
  create: editable ? `${base}/create` : undefined,
  edit: editable ? `${base}/edit/:id` : undefined,
});

function fieldsOf(spec: ChannelSpec, adminNames: string[]): FieldDeclaration[] {
  const own = (Object.keys(spec.fields) as AccountFieldName[]).map((name) => ({ name, ...ACCOUNT_FIELDS[name].field }) as FieldDeclaration);
  return [
    { name: 'id', type: 'number', list: true, show: true, width: 72 },
    // Suppliers see only their own accounts, so the supplier filter and input are for admin screens.
    { name: 'supplierId', type: 'enum', options: { api: userApi.calls.supplierOptions, query: { isGetAllAgentSupplier: true } }, filter: 'exact', create: true, onlyFor: adminNames },
    { name: 'supplierName', type: 'text', list: true, show: true },
    { name: 'productId', type: 'enum', options: { values: spec.products, labelKey: 'products.names' }, list: true, filter: spec.products.length > 1 ? 'exact' : undefined, show: true, create: true, edit: true },
    // Chosen on create (disabled by default); afterwards the detail's switch changes it.
    { name: 'state', type: 'enum', options: { values: STATES, labelKey: 'receivingAccounts.options.state' }, list: true, filter: 'exact', show: true, create: true, defaultValue: DISABLED_STATE },
    ...own,
    // What the wallet's chain last reported: shown, never in a form (not platform money, see the table).
    ...(spec.walletBalance ? [{ name: 'reportedBalance', type: 'usdt', list: true, show: true } as FieldDeclaration] : []),
    { name: 'createdAt', type: 'datetime', show: true },
    { name: 'updatedAt', type: 'datetime', list: true, show: true },
  ];
}

function defineAccountKind(spec: ChannelSpec): AccountKind {
  const screens = channelScreens(spec);
  const schemas = accountSchemas(spec.products, spec.fields);
  // Customer service only reads; an admin creating an account must name its supplier (the form
  // refuses a blank one, as the server does), a supplier's own screen never asks.
  const variants = screens.map((s) => ({
    name: s.subject,
    routes: screenRoutes(s.path, s.variant !== 'customerService'),
    createSchema: s.variant === 'admin' ? schemas.adminCreate : undefined,
  }));
  const [first, ...others] = variants;
  const declaration: ResourceDeclaration = {
    name: first.name,
    parent: spec.group,
    icon: spec.icon,
    routes: first.routes,
    labels: 'receivingAccounts',
    // Receiving and payout accounts alike are the platform's resources (the resource switch, the resource detail).
    listFailed: 'errors.resourceListFailed',
    formColumns: 2,
    api: accountApi(spec.kind),
    fields: fieldsOf(spec, screens.filter((s) => s.variant !== 'supplier').map((s) => s.subject)),
    createSchema: first.createSchema ?? schemas.create,
    editSchema: schemas.edit,
    variants: others,
    // Custom detail: the generic fields plus processing orders, pay link, QR and the on/off switch
    // that is usable only once the QR image has loaded.
    screens: { show: 'AccountShow' },
  };
  return { ...spec, declaration, subjects: screens.map((s) => s.subject), schemas, listQuery: accountListQuery(spec.fields) };
}

/** Every channel kind, defined from the declarations of ./channel-list.ts: the registry shows their screens and the server serves their API from this one list. */
export const CHANNELS: AccountKind[] = CHANNEL_SPECS.map(defineAccountKind);

export const channelOf = (kind: string): AccountKind | undefined => CHANNELS.find((c) => c.kind === kind);
