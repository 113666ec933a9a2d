/**
 * Ingest clients for API tests, written straight into their table as the clients screen would
 * leave them: a device or monitor of a supplier, bound to one of its accounts or to none.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ingestClients } from '../../server/db/schema/index.js';
import type { Db } from '../../server/db/client.js';
import { hashToken } from '../../server/security/passwords.js';

/** Adds a client and answers its token. */
export async function addIngestClient(db: Db, owner: { supplierId: number; accountId?: number | null; kind?: 'device' | 'monitor' }): Promise<string> {
  const token = randomUUID();
  const code = `T-${token.slice(0, 8)}`;
  await db.insert(ingestClients).values({ kind: owner.kind ?? 'device', code, name: code, supplierId: owner.supplierId, accountId: owner.accountId ?? null, tokenHash: hashToken(token) });
  return token;
}

/** The platform time text of now plus `seconds`, as a device would write it. */
export async function deviceTime(db: Db, seconds = 0): Promise<string> {
  const result = (await db.execute(sql`select to_char(now() + make_interval(secs => ${seconds}), 'YYYY-MM-DD HH24:MI:SS') as t`)) as unknown as { rows: { t: string }[] };
  return result.rows[0].t;
}
