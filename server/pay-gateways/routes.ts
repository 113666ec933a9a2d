/**
 * Gateway config through the entity kit. The secret key is encrypted before it is stored and never
 * answered to anyone (lists, details, audit records): only a mask saying one is set. A blank key (or
 * the mask sent back by the edit form) keeps the stored one.
 */
import { payGateways as declaration } from '../../resources/pay-gateways/index.js';
import { SECRET_MASK } from '../../resources/receiving-accounts/rules.js';
import { payGateways } from '../db/schema/index.js';
import { columnValues, entityRoutes } from '../crud/routes.js';
import { encryptSecret } from '../security/secrets.js';

type Values = Record<string, unknown>;

const withKey = (body: Values): Values => {
  const { secretKey, ...rest } = columnValues(payGateways, body);
  return typeof secretKey === 'string' && secretKey !== '' ? { ...rest, secretKey: encryptSecret(secretKey) } : rest;
};

export const payGatewayRoutes = entityRoutes({
  declaration,
  table: payGateways,
  unique: ['code'],
  audit: 'payGateway',
  toInsert: (_ctx, body) => withKey(body),
  toUpdate: (_ctx, body) => ({ ...withKey(body), updatedAt: new Date() }),
  view: async (_db, rows) => rows.map(({ row }) => ({ ...row, secretKey: row.secretKey ? SECRET_MASK : null })),
});
