/**
 * The payment_references migration on a database that already has orders sharing a UTR (the
 * double payments it closes): the earlier order keeps the reference, archived orders' references count, and the later
 * order may no longer be paid with it, while references no two orders shared are simply held.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import * as schema from '../../server/db/schema/index.js';
import { orders, ordersArchive, paymentReferences } from '../../server/db/schema/index.js';
import type { Db } from '../../server/db/client.js';
import { statusId, type OrderStatus } from '../../resources/orders/statuses.js';

const MIGRATION = '_payment_references';
const dir = mkdtempSync(path.join(tmpdir(), 'references-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it stood before the payment_references migration. */
function migrationsBefore(): string {
  const folder = path.join(dir, 'before');
  cpSync(path.resolve('server/db/migrations'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag.endsWith(MIGRATION)));
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('keeps the earliest holder of a shared UTR, archived orders included, and pays the later one no more', async () => {
  const client = await PGlite.create();
  const db = drizzle(client, { schema }) as unknown as Db;
  try {
    await migrate(db as never, { migrationsFolder: migrationsBefore() });
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes));
    const order = (code: string, status: OrderStatus, utr: string, minutes: number) => ({
      orderCode: code,
      merchantId: 1,
      merchantOrderNo: code,
      productId: 1034,
      status: statusId(status),
      amount: 100_00,
      payAmount: 100_00,
      notifyUrl: 'http://127.0.0.1:9/notify',
      utr,
      utrSubmittedAt: at(minutes),
      createdAt: at(minutes),
    });
    await db.insert(orders).values([
      order('LATER', 'pendingConfirmation', 'dup1 ', 20),
      order('FIRST', 'callbackSucceeded', 'DUP1', 10),
      order('ALONE', 'submitted', 'SOLO1', 30),
      order('GONE', 'rejected', 'SOLO2', 40),
      order('AFTERARCHIVE', 'submitted', 'ARCH1', 50),
    ]);
    const archived = { ...order('ARCHIVED', 'callbackSucceeded', 'ARCH1', 5), id: 999_999 };
    await db.insert(ordersArchive).values({ id: archived.id, orderCode: 'ARCHIVED', orderType: 1, merchantId: 1, status: archived.status, createdAt: archived.createdAt, data: sql`jsonb_build_object('utr', 'ARCH1', 'product_id', 1034, 'utr_submitted_at', ${archived.utrSubmittedAt.toISOString()}::text)`, runId: 1 });

    await migrate(db as never, { migrationsFolder: path.resolve('server/db/migrations') });

    const held = await db.select({ channel: paymentReferences.channel, reference: paymentReferences.reference, orderCode: paymentReferences.orderCode }).from(paymentReferences).orderBy(asc(paymentReferences.reference));
    expect(held).toEqual([
      { channel: 'bank', reference: 'ARCH1', orderCode: 'ARCHIVED' },
      { channel: 'bank', reference: 'DUP1', orderCode: 'FIRST' },
      { channel: 'bank', reference: 'SOLO1', orderCode: 'ALONE' },
    ]);
    // LATER, confirmed now, would be paid a second time with DUP1: the database refuses.
    const confirm = db.update(orders).set({ status: statusId('submitted') }).where(eq(orders.orderCode, 'LATER'));
    await expect(confirm).rejects.toMatchObject({ cause: { code: '23505', constraint: 'payment_references_pkey' } });
  } finally {
    await client.close();
  }
}, 60_000);
