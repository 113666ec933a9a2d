/**
 * Gateway config (/payGatewayConfig, superAdmin; /payGatewayConfig/readonly, technicalMaintenance):
 * the payment gateways the platform connects to. The secret key is stored encrypted and never
 * answered, only a mask saying one is set (server/pay-gateways/routes.ts); a blank key on edit
 * keeps the stored one.
 */
import { z } from 'zod';
import type { ResourceDeclaration } from '../types';
import { crudApi } from '../common/api';
import { httpUrl, id, optionalSwitch as enabled, remark, required } from '../common/rules';
import { SECRET_MASK, integer, secret } from '../receiving-accounts/rules';
import { CATALOGUE } from '../products/catalogue';

const PRODUCT_CODES = CATALOGUE.map((p) => p.id);

/** Gateways are reached over https only (the key and the merchant number travel with each call). */
const httpsUrl = httpUrl.refine((v) => /^https:\/\//i.test(v), 'httpsOnly');

const isIp = (v: string) => [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()].some((rule) => rule.safeParse(v).success);
/** The addresses a gateway calls back from: IPv4, IPv6 or CIDR, one per line (or comma separated), at most 50. */
const ipList = z
  .preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'type' }).max(2000, 'tooLong'))
  .transform((v) => v.split(/[\s,]+/).filter(Boolean))
  .refine((ips) => ips.length <= 50 && ips.every(isIp), 'ipList')
  .transform((ips) => [...new Set(ips)].join('\n'));

const fields = {
  name: required(64),
  productIds: z.array(z.number({ error: 'option' }).int().refine((v) => PRODUCT_CODES.includes(v), 'option'), { error: 'required' }).min(1, 'required').max(PRODUCT_CODES.length),
  baseUrl: httpsUrl,
  merchantNo: required(64).regex(/^[A-Za-z0-9_-]+$/, 'format'),
  callbackIps: ipList,
  timeoutMs: integer(1000, 60000)(true),
  remark,
  enabled,
};
/** The key: required when the gateway is added; on edit blank (or the mask) keeps the stored one. */
const newKey = z.string({ error: 'required' }).trim().min(1, 'required').max(256, 'tooLong').refine((v) => v !== SECRET_MASK, 'required');

export const payGateways: ResourceDeclaration = {
  name: 'payGateways',
  parent: 'group.system',
  icon: 'global',
  routes: { list: '/payGatewayConfig', create: '/payGatewayConfig/create', edit: '/payGatewayConfig/edit/:id', show: '/payGatewayConfig/show/:id' },
  api: crudApi('/payGatewayConfig'),
  formColumns: 2,
  fields: [
    { name: 'id', type: 'number', list: true, show: true, width: 70 },
    { name: 'code', type: 'text', list: true, filter: 'contains', show: true, create: true, copyable: true, hint: 'payGateways.hints.code' },
    { name: 'name', type: 'text', list: true, filter: 'contains', show: true, create: true, edit: true },
    { name: 'productIds', type: 'enum', multiple: true, options: { values: PRODUCT_CODES, labelKey: 'products.names' }, list: true, show: true, create: true, edit: true },
    { name: 'baseUrl', type: 'text', list: true, show: true, create: true, edit: true, hint: 'payGateways.hints.baseUrl' },
    { name: 'merchantNo', type: 'text', list: true, show: true, create: true, edit: true },
    { name: 'secretKey', type: 'secret', show: true, create: true, edit: true },
    { name: 'callbackIps', type: 'text', multiline: true, show: true, create: true, edit: true, hint: 'payGateways.hints.callbackIps' },
    { name: 'timeoutMs', type: 'number', list: true, show: true, create: true, edit: true, defaultValue: 10000, hint: 'payGateways.hints.timeoutMs' },
    { name: 'enabled', type: 'boolean', list: true, filter: 'exact', show: true, create: true, edit: true, defaultValue: true },
    { name: 'remark', type: 'text', show: true, create: true, edit: true },
    { name: 'updatedAt', type: 'datetime', list: true, show: true },
  ],
  createSchema: z.object({ code: required(32).regex(/^[A-Za-z0-9_-]+$/, 'format'), ...fields, secretKey: newKey }),
  editSchema: z.object({ id, ...fields, secretKey: secret(false) }),
  variants: [{ name: 'payGateways-readonly', routes: { list: '/payGatewayConfig/readonly', show: '/payGatewayConfig/readonly/show/:id' } }],
};
