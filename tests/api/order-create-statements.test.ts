/**
 * How many statements the database is sent for one order creation, begin, commit and savepoints
 * included: creation is the busiest path, and each statement is a round trip and a socket write
 * (docs/benchmarks.md). Counted at the driver (statement-counter.ts).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from './harness.js';
import { create, signed } from './order-create-fixture.js';
import { countStatements } from './statement-counter.js';

const server = useTestServer({ BACKGROUND_JOBS: 'off' });
/** The bound the issue sets for an order on PostgreSQL; PGlite runs the same statements. */
const MAX_STATEMENTS = 6;
const statements = countStatements(server);

/** The statements one creation sends, after a first one has prepared what is prepared once. */
async function statementsFor(fields: Record<string, unknown>): Promise<number> {
  expect((await create(server, signed(fields))).code).toBe(200);
  statements.reset();
  const answer = await create(server, signed(fields));
  expect(answer.code).toBe(200);
  // Anything the request left running after its answer counts too.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return statements.sent();
}

describe('statements per order creation', () => {
  it(`sends at most ${MAX_STATEMENTS} without a payer IP`, async () => {
    const count = await statementsFor({ amount: 10_000 + Math.floor(Math.random() * 1000) });
    console.info(`${server.database.kind}: ${count} statements per order`);
    expect(count).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  // The payer IP's count is one more, before the transaction: it must stay though the order is then refused.
  it(`sends at most ${MAX_STATEMENTS + 1} with a payer IP`, async () => {
    const count = await statementsFor({ amount: 20_000 + Math.floor(Math.random() * 1000), clientIp: '203.0.113.9' });
    console.info(`${server.database.kind}: ${count} statements per order with a payer IP`);
    expect(count).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
  });
});
