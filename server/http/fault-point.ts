/**
 * Fault injection for the crash tests (tests/api/faults-kill.test.ts); inert unless FAULT_PAUSE is
 * set. With FAULT_PAUSE=<point>[,<point>...], a request reaching one of those points prints
 * `FAULT_PAUSE <point>` on stderr and waits for ever, so the test can SIGKILL the process at a known
 * place (several requests at once, each at its own point). The points (server/http/register.ts),
 * for a route url such as /payoutBatch/confirm:
 *  - `commit:<url>`: the handler's writes and the idempotency answer are done, the transaction is
 *    still open (a kill here must leave nothing);
 *  - `reply:<url>`: the transaction committed, the answer not sent (a kill here must leave all of
 *    it, and a retry with the same Idempotency-Key must replay, not act again).
 */
const PAUSE = new Set((process.env.FAULT_PAUSE ?? '').split(',').filter(Boolean));

export async function faultPoint(point: string): Promise<void> {
  if (!PAUSE.size || !PAUSE.has(point)) return;
  console.error(`FAULT_PAUSE ${point}`);
  await new Promise(() => undefined);
}
