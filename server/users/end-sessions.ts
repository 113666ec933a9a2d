/** Ends a user's live sessions (new password or role, deletion, forced rebinding), optionally keeping one. */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions } from '../db/schema/index.js';
import type { Db } from '../db/client.js';

export async function endSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: new Date() }).where(live);
}
