/**
 * Row scope on every route: a merchant (or supplier) given the ids and codes of another merchant's
 * (supplier's) rows, on every route the abilities let it call that takes an id-like field, never
 * sees those rows in a reply and never changes them. The routes come from the server's declared
 * routes (tests/api/permissions.test.ts proves they are its whole route table); the other party's
 * rows are found in the database, so new rows and new routes are covered without a list here.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { allRoutes } from '../../server/routes.js';
import { abilityFor, allows } from '../../server/http/access.js';
import { users } from '../../server/db/schema/index.js';
import { sessionApi } from '../../resources/session/api.js';
import { useTestServer } from './harness.js';
import { fieldsOf } from './hostile-arbitraries.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });

type Rows<T> = { rows: T[] };
const query = async <T>(text: ReturnType<typeof sql>) => ((await server.database.db.execute(text)) as unknown as Rows<T>).rows;

/** Everything of a member: its user row, profile, orders, ledger rows and receiving accounts, as one hash. */
async function partyFingerprint(userId: number): Promise<string> {
  const [row] = await query<{ fp: string }>(sql`select concat_ws('|',
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from users t where t.id = ${userId}),
      (select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from member_profiles t where t.user_id = ${userId}),
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from orders t where t.merchant_id = ${userId} or t.supplier_id = ${userId}),
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from ledger_entries t where t.user_id = ${userId}),
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from receiving_accounts t where t.supplier_id = ${userId})) as fp`);
  return row.fp;
}

/** The other party's ids and codes to send, and the texts that would show its rows leaked. */
async function otherParty(account: string) {
  const [user] = await server.database.db.select().from(users).where(eq(users.account, account));
  const orders = await query<{ id: number; order_code: string; merchant_order_no: string }>(
    sql`select id, order_code, merchant_order_no from orders where merchant_id = ${user.id} or supplier_id = ${user.id} order by id desc limit 3`,
  );
  const accounts = await query<{ id: number }>(sql`select id from receiving_accounts where supplier_id = ${user.id} order by id limit 2`);
  const [profile] = await query<{ mch_id: string | null }>(sql`select mch_id from member_profiles where user_id = ${user.id}`);
  const codes = orders.flatMap((o) => [o.order_code, o.merchant_order_no]);
  return {
    user,
    ids: [user.id, ...orders.map((o) => o.id), ...accounts.map((a) => a.id)],
    codes,
    markers: [account, user.nickname, ...(profile?.mch_id ? [profile.mch_id] : []), ...codes].filter((m) => m && m.length > 4),
  };
}

const ID_FIELD = /^(id|ids|userId|merchantId|supplierId|accountId|orderId|receivingAccountId|memberId|mchId)$/;
const CODE_FIELD = /^(orderCode|orderCodes|orderNo|mchOrderNo|merchantOrderNo|code)$/;
/** Calls that change the caller's own session. */
const SESSION_CALLS = new Set<string>([sessionApi.logout, sessionApi.login, sessionApi.login2]);
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

/** Calls, as `role`, every route it may call that takes an id or code (reads only: the GETs), with `other`'s ids and codes. */
async function walk(role: string, other: string, readsOnly = false) {
  const party = await otherParty(other);
  const [me] = await server.database.db.select().from(users).where(eq(users.account, role));
  const ability = await abilityFor(server.app.services, me);
  const token = await server.login(role);
  const token2 = await server.login2(token);
  const before = await partyFingerprint(party.user.id);
  const leaks: string[] = [];
  let calls = 0;
  for (const spec of allRoutes) {
    if ((readsOnly && spec.method !== 'GET') || spec.access === 'public' || SESSION_CALLS.has(spec.url) || !allows(ability, spec.access)) continue;
    const fields = Object.keys(fieldsOf(spec.method === 'GET' ? spec.query : spec.body));
    const idFields = fields.filter((f) => ID_FIELD.test(f));
    const codeFields = fields.filter((f) => CODE_FIELD.test(f));
    if (!idFields.length && !codeFields.length) continue;
    const values = [...party.ids.map((id) => ({ id })), ...party.codes.map((code) => ({ code }))];
    for (const value of values) {
      const input: Record<string, unknown> = {};
      for (const f of idFields) input[f] = 'id' in value ? (f.endsWith('s') ? [value.id] : value.id) : undefined;
      for (const f of codeFields) input[f] = 'code' in value ? (f.endsWith('s') ? [value.code] : value.code) : undefined;
      if (Object.values(input).every((v) => v === undefined)) continue;
      const response = await server.app.inject({
        method: spec.method,
        url: `/v1.0${pathOf(spec.url)}${spec.method === 'GET' ? `?${new URLSearchParams(Object.entries(input).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]))}` : ''}`,
        headers: { token, token2, lang: 'en-US', 'idempotency-key': randomUUID() },
        ...(spec.method === 'POST' ? { payload: input } : {}),
      });
      calls += 1;
      // Whole words only: a merchant number is digits that may occur inside a time or an amount.
      const marker = party.markers.find((m) => new RegExp(`(?<![\\w-])${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(response.body));
      if (marker) leaks.push(`${spec.method} ${spec.url} ${JSON.stringify(input)} shows "${marker}": ${response.body.slice(0, 200)}`);
    }
  }
  return { leaks, calls, changed: (await partyFingerprint(party.user.id)) !== before };
}

describe('row-scoped routes never show or change another party’s rows', () => {
  for (const [role, other] of [
    ['merchant', 'merchant2'],
    ['supplier', 'supplier2'],
  ] as const) {
    it(`${role} given ${other}'s ids and codes`, async () => {
      const { leaks, calls, changed } = await walk(role, other);
      expect(leaks).toEqual([]);
      expect(calls).toBeGreaterThan(10);
      expect(changed, `a call as ${role} changed ${other}'s rows`).toBe(false);
    }, 300_000);
  }

  it('sees a leak where there is one: an admin is shown the merchant’s rows', async () => {
    const { leaks } = await walk('admin', 'merchant2', true);
    expect(leaks.length).toBeGreaterThan(5);
  }, 300_000);
});
