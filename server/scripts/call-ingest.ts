/**
 * POST /ingest/payScriptCall: the external pay runner reports each call it made with a pay script
 * (docs/ingest.md). Hand-written (an ingest, not CRUD): the runner's token says who sends
 * (../ingest/auth.ts, kind payRunner), the script must be a pay script and the version one of its
 * own, and the record lands on the call records screen, which is the platform's (the scripts
 * belong to no merchant or supplier). A report carrying the runner's own call id is stored once:
 * sent again, it answers the first record and changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { PAY_SCRIPT_CALL_INGEST, payScriptCallReport } from '../../resources/scripts/call-report.js';
import { payScriptCalls, scripts, scriptVersions } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { t } from '../i18n.js';
import { ingestRoute } from '../ingest/auth.js';

export const payScriptCallIngest = ingestRoute({
  url: PAY_SCRIPT_CALL_INGEST,
  kinds: ['payRunner'],
  body: payScriptCallReport,
  handler: async ({ db, body, client, lang, audit }) => {
    const unknown = (field: string) => fail('invalidParam', { field, reason: t('validation.option', lang) });
    const [script] = await db.select({ id: scripts.id }).from(scripts).where(and(eq(scripts.id, body.scriptId), eq(scripts.kind, 'pay'))).limit(1);
    if (!script) return unknown('scriptId');
    const [version] = await db.select({ id: scriptVersions.id }).from(scriptVersions).where(and(eq(scriptVersions.scriptId, script.id), eq(scriptVersions.version, body.version))).limit(1);
    if (!version) return unknown('version');
    const [inserted] = await db
      .insert(payScriptCalls)
      .values({
        scriptId: script.id,
        version: body.version,
        orderCode: body.orderCode ?? '',
        request: body.request ?? '',
        response: body.response ?? '',
        durationMs: body.durationMs,
        success: body.success,
        clientId: client.id,
        externalId: body.id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: payScriptCalls.id });
    if (!inserted) {
      const [earlier] = await db.select({ id: payScriptCalls.id }).from(payScriptCalls).where(and(eq(payScriptCalls.clientId, client.id), eq(payScriptCalls.externalId, body.id!))).limit(1);
      return { id: earlier.id, duplicate: true };
    }
    await audit('payScriptCall.report', inserted.id, null, { runnerCode: client.code, scriptId: script.id, version: body.version, orderCode: body.orderCode ?? '', success: body.success });
    return { id: inserted.id, duplicate: false };
  },
});
