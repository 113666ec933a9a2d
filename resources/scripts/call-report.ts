/**
 * What the external pay runner reports of each call it made with a pay script (POST
 * /ingest/payScriptCall, docs/ingest.md), shared by the server and the API document. Every text is
 * bounded, so a runner cannot fill the table with one report; `request` and `response` are what
 * went over the wire, as text or as the JSON value itself (kept as its JSON text).
 */
import { z } from 'zod';
import { id } from '../common/rules';

/** Where the runner reports (POST, X-Ingest-Token of a pay runner client). */
export const PAY_SCRIPT_CALL_INGEST = '/ingest/payScriptCall';

/** Most characters of a call's request or response as stored. */
export const CALL_PAYLOAD_MAX = 16_000;
/** A call slower than an hour is no pay call the runner waited for. */
export const CALL_DURATION_MAX_MS = 3_600_000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Text as sent, or a JSON object or array written as its JSON text; at most CALL_PAYLOAD_MAX characters. */
const payload = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v),
  z.string().max(CALL_PAYLOAD_MAX, 'tooLong'),
);

export const payScriptCallReport = z.object({
  /** The runner's own id of the call: a report sent again with it is answered as the first. */
  id: z.preprocess(blankToUndefined, z.string().trim().min(1, 'required').max(64, 'tooLong').regex(/^[A-Za-z0-9._:-]+$/, 'format').optional()),
  scriptId: id,
  version: id,
  orderCode: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(64, 'tooLong').optional()),
  success: z.boolean(),
  durationMs: z.number().int().min(0).max(CALL_DURATION_MAX_MS),
  request: payload.optional(),
  response: payload.optional(),
});
export type PayScriptCallReport = z.infer<typeof payScriptCallReport>;

/** The answer: the record's id, and whether it had been reported already. */
export const payScriptCallReported = z.object({ id, duplicate: z.boolean() });
