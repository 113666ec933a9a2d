/**
 * The ingest endpoints' authentication (server/ingest/auth.ts), on a route this file declares: a
 * device or monitor token of the demo data lets a record in; a missing, unknown, disabled or
 * wrong-kind token is refused before the body is even read, and nothing is written.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ingestClients } from '../../server/db/schema/index.js';
import { ingestRoute } from '../../server/ingest/auth.js';
import { DEMO_DEVICE_TOKEN, DEMO_MONITOR_TOKEN } from '../../server/ingest/seed.js';
import { ERRORS } from '../../server/errors.js';
import { useTestServer } from './harness.js';

const probe = ingestRoute({
  url: '/ingest/probe',
  kinds: ['device'],
  body: z.object({ text: z.string().max(10) }),
  handler: async (ctx) => ({ client: ctx.client.code, text: ctx.body.text }),
});
const server = useTestServer({}, [probe]);
const send = (token: string | undefined, body: unknown) => server.call('POST', '/ingest/probe', { body, headers: token ? { 'x-ingest-token': token } : {} });

describe('ingest authentication', () => {
  it('lets a device record in and marks the device as seen', async () => {
    const answer = await send(DEMO_DEVICE_TOKEN, { text: 'hello' });
    expect(answer).toMatchObject({ code: 200, data: { client: 'DEV-0001', text: 'hello' } });
    const [device] = await server.database.db.select().from(ingestClients).where(eq(ingestClients.code, 'DEV-0001'));
    expect(device.lastSeenAt).not.toBeNull();
  });

  it('refuses a missing, unknown or wrong-kind token before reading the body', async () => {
    for (const token of [undefined, 'not-a-token', DEMO_MONITOR_TOKEN]) {
      const answer = await send(token, { text: 'far too long a text' });
      expect(answer.code).toBe(ERRORS.ingestTokenInvalid);
      expect(answer.msg).toMatch(/ingest token/i);
    }
  });

  it('answers a bad record of a known device with the field at fault', async () => {
    const answer = await send(DEMO_DEVICE_TOKEN, { text: 'far too long a text' });
    expect(answer.code).toBe(ERRORS.invalidParam);
    expect(answer.msg).toContain('text');
  });

  it('refuses a disabled device', async () => {
    await server.database.db.update(ingestClients).set({ enabled: false }).where(eq(ingestClients.code, 'DEV-0001'));
    expect((await send(DEMO_DEVICE_TOKEN, { text: 'hi' })).code).toBe(ERRORS.ingestTokenInvalid);
  });
});
