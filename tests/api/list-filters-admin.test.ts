/**
 * Every declared filter of every list, once, as the admin sends it: the filter form's value becomes
 * the list's filters (src/components/resource/listFilters.ts) and the admin's own data provider
 * (src/providers/data.ts) sends them, over a fetch that reaches the real server in this process.
 * The server must take each one (no 4000 for a value the admin produced), and a filter set to a
 * value of a listed row must find that row again. The two sides read the same declaration
 * (resources/common/filter-wire.ts, list-query.ts), so a rule only one side knows fails here: the
 * USDT transaction records' amount, sent as 12.5001, was refused with 4000 on every search.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import type { BaseRecord } from '@refinedev/core';
import { declarations } from '../../resources/index.js';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types.js';
import { defineAbilityFor, placesOf } from '../../providers/ability-engine.js';
import { ROLES, type Role } from '../../providers/roles.js';
import { microToUsdt, minorToMajor } from '../../providers/money.js';
import { LIST_FIELDS, dataProvider } from '../../src/providers/data.js';
import { inputName, toFilters } from '../../src/components/resource/listFilters.js';
import { allRoutes } from '../../server/routes.js';
import { usdtTransactions } from '../../server/db/schema/index.js';
import { useTestServer } from './harness.js';

const server = useTestServer();
const tokens = {} as Record<Role, string>;
/** The session the next call carries, as the browser's cookie would. */
let signedIn = '';

beforeAll(async () => {
  for (const role of ROLES) tokens[role] = await server.login(role);
  // The admin's fetch, answered by the server in this process (no network), with the session's token.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string>), token: signedIn };
    const response = await server.app.inject({ method: (init.method ?? 'GET') as 'GET' | 'POST', url, headers, ...(init.body ? { payload: String(init.body) } : {}) });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') } });
  });
  // A USDT transfer of 12.5 USDT, for the records whose amount is a usdt field.
  const supplier = (await server.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.account, 'supplier') }))!;
  await server.database.db.insert(usdtTransactions).values({
    clientId: 1,
    deviceCode: 'filter-probe',
    supplierId: supplier.id,
    txHash: 'filter-probe-hash',
    fromAddress: 'TFromFilterProbe',
    toAddress: 'TToFilterProbe',
    amount: 12_500_000,
    occurredAt: new Date(),
    matchState: 'unmatched',
  });
});
afterAll(() => vi.unstubAllGlobals());

/** The list screens: each declaration and variant whose list the server serves, with a role that may open it. */
const served = new Set(allRoutes.map((r) => `${r.method} ${r.url}`));
const places = placesOf(declarations);
const screens = declarations.flatMap((d: ResourceDeclaration) => {
  if (!d.api.list || !served.has(`${d.api.listMethod ?? 'GET'} ${d.api.list}`)) return [];
  return [{ name: d.name, listQuery: undefined }, ...(d.variants ?? [])].flatMap((v) => {
    // As the list screen keeps them: the fields of this identifier (`onlyFor`) that filter.
    const fields = (d.fields ?? []).filter((f) => f.filter && (!f.onlyFor || f.onlyFor.includes(v.name)));
    const role = ROLES.find((r) => defineAbilityFor({ id: 0, role: r }, places).can('list', v.name));
    return fields.length && role ? [{ identifier: v.name, declaration: d, listQuery: v.listQuery, fields, role }] : [];
  });
});
type Screen = (typeof screens)[number];

/** One list call from the screen's meta, as the registry and ResourceList give it. */
async function list(screen: Screen, form: Record<string, unknown>): Promise<BaseRecord[]> {
  signedIn = tokens[screen.role];
  const { data } = await dataProvider.getList({
    resource: screen.identifier,
    pagination: { currentPage: 1, pageSize: 50 },
    filters: toFilters(screen.fields, form),
    meta: { api: screen.declaration.api, listQuery: screen.listQuery, [LIST_FIELDS]: screen.fields },
  });
  return data;
}

/** What the filter's input holds for a row's value (money and usdt typed in major units), if it can. */
function formValueOf(field: FieldDeclaration, row: BaseRecord | undefined): unknown {
  const value = row?.[field.name];
  if (value === undefined || value === null || value === '' || typeof value === 'object') return undefined;
  if (field.type === 'money') return minorToMajor(value as number);
  if (field.type === 'usdt') return microToUsdt(value as number);
  return field.filter === 'in' || field.filter === 'notIn' ? [value] : value;
}

/** A value of the field's kind when no row gives one. */
function sampleOf(field: FieldDeclaration): unknown {
  if (field.filterSwitch || field.filter === 'withDeleted') return true;
  if (field.filter === 'range') return [dayjs('2000-01-01 00:00:00'), dayjs().add(1, 'day')];
  const options = field.options && 'values' in field.options ? field.options.values : undefined;
  const one = options?.[0] ?? (field.type === 'boolean' ? true : field.type === 'enum' || field.type === 'number' ? 1 : field.type === 'money' || field.type === 'usdt' ? '12.5' : 'probe');
  return field.filter === 'in' || field.filter === 'notIn' ? [one] : one;
}

describe('every declared filter, through the admin data provider, against the server', () => {
  it('has lists and filters to walk', () => {
    expect(screens.length).toBeGreaterThan(30);
    expect(screens.find((s) => s.identifier === 'usdtTransactions')?.fields.map((f) => f.name)).toContain('amount');
  });

  it.each(screens.map((s) => [s.identifier, s] as const))('%s', async (_identifier, screen) => {
    const [first] = await list(screen, {});
    for (const field of screen.fields) {
      const own = field.filter !== 'range' && field.filter !== 'notIn' && !field.filterSwitch && field.filter !== 'withDeleted' ? formValueOf(field, first) : undefined;
      const value = own ?? sampleOf(field);
      const rows = await list(screen, { [inputName(field)]: value }).catch((error: Error) => {
        throw new Error(`${screen.identifier}: filter ${field.name} = ${JSON.stringify(value)} refused: ${error.message}`);
      });
      // A row's own value finds the row again.
      if (own !== undefined) expect(rows.map((r) => r.id), `${screen.identifier}: ${field.name} = ${JSON.stringify(own)}`).toContain(first!.id);
    }
  });

  it('finds a USDT transfer by the amount typed in USDT', async () => {
    const screen = screens.find((s) => s.identifier === 'usdtTransactions')!;
    expect((await list(screen, { amount: '12.5' })).map((r) => r.txHash)).toEqual(['filter-probe-hash']);
    expect(await list(screen, { amount: '12.6' })).toEqual([]);
  });
});
