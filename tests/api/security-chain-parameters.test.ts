/**
 * The trusted-chain parameters at work on the trusted chain view and the chain continuation
 * details: how far back the checks look, which records are too small to check, and how many
 * records an account needs before its chain is judged. Each is read on the next request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bankStatementApi } from '../../resources/bank-statements/index.js';
import { SECURITY_FREQ_DEFAULTS } from '../../resources/system-config/schema.js';
import { receivingAccounts } from '../../server/db/schema/index.js';
import { useTestServer } from './harness.js';
import { userIdOf } from './orders-fixture.js';
import { addIngestClient, deviceTime } from './ingest-fixture.js';

const server = useTestServer();
const db = () => server.database.db;
let boss = '';
beforeAll(async () => {
  boss = await server.login('superAdmin');
});

/** A fresh card-to-card account of the demo supplier and a way to post its SMS records with balances. */
async function account() {
  const card = `PC${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const supplierId = await userIdOf(db(), 'supplier');
  const [row] = await db().insert(receivingAccounts).values({ kind: 'internationalCardToCard', supplierId, productId: 1034, enabled: true, cardNumber: card }).returning({ id: receivingAccounts.id });
  const device = await addIngestClient(db(), { supplierId, accountId: row.id });
  const post = async (seconds: number, amount: number, balanceAfter: number) => {
    const body = { content: `${card} ${seconds}`, direction: 'credit', amount, balanceAfter, time: await deviceTime(db(), seconds) };
    expect((await server.call('POST', bankStatementApi.ingest.sms, { body, headers: { 'x-ingest-token': device } })).code).toBe(200);
  };
  const list = async (path: string) => (await server.call('GET', path, { token: boss, query: { pageIndex: 1, cardNumber: card } })).data;
  return { post, chain: async () => (await list('/securityNodes/getList')).list[0], gaps: () => list('/securityNodes/getPatchList') };
}

async function withParameters(changes: Partial<typeof SECURITY_FREQ_DEFAULTS>, check: () => Promise<void>) {
  const set = (values: typeof SECURITY_FREQ_DEFAULTS) => server.call('POST', '/system-config/setSecurityFreqParameters', { token: boss, body: { ...values, type: 0 } });
  expect((await set({ ...SECURITY_FREQ_DEFAULTS, ...changes })).code).toBe(200);
  try {
    await check();
  } finally {
    await set(SECURITY_FREQ_DEFAULTS);
  }
}

describe('trusted-chain parameters', () => {
  it('minReliableCheckTimeRange: records older than the range are left out of the chain and its gaps', async () => {
    const { post, chain, gaps } = await account();
    await post(-3 * 3600, 100_00, 1000_00);
    await post(-2 * 3600, 50_00, 1100_00); // 50.00 arrived without an SMS, two hours ago
    await post(-120, 10_00, 1110_00);
    await post(-60, 10_00, 1120_00);
    await withParameters({ minReliableCheckTimeRange: 240 }, async () => {
      expect(await chain()).toMatchObject({ nodes: 4, chainLength: 3, trusted: true });
      expect(await gaps()).toMatchObject({ total: 1, list: [{ missingAmount: 50_00, state: 'open' }] });
    });
    await withParameters({ minReliableCheckTimeRange: 30 }, async () => {
      expect(await chain()).toMatchObject({ nodes: 2, chainLength: 2, trusted: false });
      expect(await gaps()).toMatchObject({ total: 0 });
    });
  });

  it('minReliableCheckAmount: a record below it is neither a gap nor a link, and the next is checked against its balance', async () => {
    const { post, chain, gaps } = await account();
    await post(-50, 100_00, 1000_00);
    await post(-40, 2_00, 1010_00); // 8.00 arrived without an SMS before this small credit
    await post(-30, 100_00, 1110_00);
    await post(-20, 100_00, 1210_00);
    expect(await chain()).toMatchObject({ nodes: 4, chainLength: 3, trusted: true });
    expect(await gaps()).toMatchObject({ total: 1, list: [{ missingAmount: 8_00 }] });
    // Typed as 5.00 on the screen, sent as 500.
    await withParameters({ minReliableCheckAmount: 500 }, async () => {
      expect(await gaps()).toMatchObject({ total: 0 });
      expect(await chain()).toMatchObject({ nodes: 4, chainLength: 3, trusted: true });
    });
    await withParameters({ minReliableCheckAmount: 500, minReliableChainSize: 4 }, async () => {
      // Four records, one too small to be a link: three.
      expect(await chain()).toMatchObject({ chainLength: 3, trusted: false });
    });
  });

  it('minReliableCheckSize: an account with fewer records than that is not judged, so its chain is not trusted', async () => {
    const { post, chain } = await account();
    await post(-30, 100_00, 1000_00);
    await post(-20, 100_00, 1100_00);
    await post(-10, 100_00, 1200_00);
    expect(await chain()).toMatchObject({ nodes: 3, chainLength: 3, trusted: true });
    await withParameters({ minReliableCheckSize: 4 }, async () => {
      expect(await chain()).toMatchObject({ nodes: 3, chainLength: 3, trusted: false });
    });
    await withParameters({ minReliableCheckSize: 3, minReliableCheckAmount: 100_01 }, async () => {
      // Records below the checked amount are not counted either.
      expect(await chain()).toMatchObject({ nodes: 3, trusted: false });
    });
  });
});
