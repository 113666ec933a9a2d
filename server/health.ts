import { sql } from 'drizzle-orm';
import { route } from './http/route.js';

export const health = route({
  method: 'GET',
  url: '/health',
  access: 'public',
  handler: async ({ db }) => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  },
});
