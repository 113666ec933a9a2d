/**
 * What an ingest device sends (POST /ingest/sms, /ingest/webMessage, /ingest/usdtTransaction),
 * shared by the server and docs/ingest.md. Amounts are integers: bank amounts in minor units
 * (10000 = 100.00), USDT in micro units (1 USDT = 1000000). Times are the platform's
 * `YYYY-MM-DD HH:mm:ss` in its time zone, as every time the API takes.
 */
import { z } from 'zod';
import { id, signable } from '../common/rules';

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
const optionalText = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), text(max).optional());
/** A real calendar time (no 2026-02-30 or 25:00:00), so the database never meets one it cannot read. */
const time = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'format')
  .refine((v) => {
    const [y, mo, d, h, mi, s] = v.split(/[- :]/).map(Number);
    const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    return y >= 2000 && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && at.getUTCHours() === h && at.getUTCMinutes() === mi && at.getUTCSeconds() === s;
  }, 'format');
/** Minor units: a positive whole JSON number (never "100", 1e2 read from text, or a fraction). */
const minorUnits = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const DIRECTIONS = ['credit', 'debit'] as const;

/** A bank SMS or web message, with what the device parsed out of it. */
export const bankRecordBody = z.object({
  /** The receiving account it is about, when not the device's own (an account of the device's supplier). */
  accountId: z.preprocess((v) => (v === null ? undefined : v), id.optional()),
  sender: optionalText(64),
  content: text(2000),
  direction: z.enum(DIRECTIONS),
  amount: minorUnits,
  /** The account's balance after this movement, as the bank reports it (the trusted chain reads it). */
  balanceAfter: z.preprocess((v) => (v === null ? undefined : v), z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).optional()),
  /** Becomes the matched order's UTR, which its callback sends signed: no & or =. */
  utr: z.preprocess((v) => (v === '' || v === null ? undefined : v), text(64).refine(signable, 'signSeparator').optional()),
  time,
});
export type BankRecordBody = z.infer<typeof bankRecordBody>;

/** A USDT (TRC-20) transfer seen on chain. */
export const usdtRecordBody = z.object({
  txHash: text(128).regex(/^[A-Za-z0-9]+$/, 'format'),
  from: text(128),
  to: text(128),
  /** Micro units: 12.5 USDT = 12500000. */
  amount: minorUnits,
  time,
});
