/** Tables of the reference server. Money columns are bigint minor units; never floats. */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull().unique(),
    nickname: text('nickname').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    googleEnabled: boolean('google_enabled').notNull().default(false),
    googleSecret: text('google_secret'),
    googleConfirmed: boolean('google_confirmed').notNull().default(false),
    /** Last accepted TOTP time step: a code of this step or older is refused (replay). */
    googleLastStep: bigint('google_last_step', { mode: 'number' }).notNull().default(0),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    allowModify: boolean('allow_modify').notNull().default(true),
    /** Agents (supplier proxies) belong to a supplier. */
    parentId: integer('parent_id'),
    /** The account created with this one (AutoCreateRelateSupplier / AutoCreateRelateMerchant): a merchant's supplier or a supplier's merchant, set on both. */
    relatedUserId: integer('related_user_id'),
    lastLoginIp: text('last_login_ip'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('users_role_idx').on(t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    token2Hash: text('token2_hash'),
    token2ExpiresAt: timestamp('token2_expires_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The audit log: append-only. The database refuses UPDATE, DELETE and TRUNCATE on it (triggers of
 * migration 0008), so no purge job, data clear cycle or order cleanup may ever touch these rows.
 * Written by server/audit/write.ts only; secrets never reach it (masked there).
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    /** The actor's account when the row was written (a failed login keeps the account tried). */
    account: text('account'),
    /** resources/audit-records/types.ts AUDIT_TYPES. */
    type: text('type').notNull().default('general'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** false: the call was refused; the refusal's code and message are kept. */
    success: boolean('success').notNull().default(true),
    errorCode: integer('error_code'),
    errorMsg: text('error_msg'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt), index('audit_user_idx').on(t.userId, t.createdAt)],
);

export const errorLogs = pgTable('error_logs', {
  id: serial('id').primaryKey(),
  userId: integer('user_id'),
  type: text('type').notNull(),
  message: text('message').notNull(),
  url: text('url'),
  stack: text('stack'),
  createdAt: createdAt(),
});

/** Global settings, one row per setting. */
export const systemConfig = pgTable('system_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
