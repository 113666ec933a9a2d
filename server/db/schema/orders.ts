/**
 * Orders (collection and payout) and their callbacks. Amounts are bigint minor units (USDT counts
 * micro units); the status is an id of resources/orders/statuses.ts and changes only through
 * server/orders/state-machine.ts. Indexes serve every filter of GET /order/getList newest first.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The platform's order number (system order number), shown and searched everywhere. */
    orderCode: text('order_code').notNull(),
    /** 1 collection, 2 payout (ORDER_TYPES). */
    orderType: smallint('order_type').notNull().default(1),
    merchantId: integer('merchant_id').notNull(),
    /** The merchant's own order number (mchOrderNo), unique per merchant. */
    merchantOrderNo: text('merchant_order_no').notNull(),
    productId: integer('product_id').notNull(),
    /** The supplier (code merchant) and receiving account it was allocated to; null until allocated. */
    supplierId: integer('supplier_id'),
    accountId: integer('account_id'),
    status: smallint('status').notNull(),
    mark: smallint('mark').notNull().default(0),
    /** Requested amount, minor units (product 1045: the API's x10000 figure divided back to minor units). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the payer must pay: the amount with the account's float, unique among the account's open orders. */
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull(),
    /** What was actually received (currentReceivedMoney), set when the order is paid. */
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    /** USDT products: the USDT count in micro units and the wallet address. */
    usdtCount: bigint('usdt_count', { mode: 'number' }),
    usdtAddress: text('usdt_address'),
    /** Fees charged when the order was paid (minor units), kept for statistics and the detail. */
    merchantFee: bigint('merchant_fee', { mode: 'number' }).notNull().default(0),
    supplierFee: bigint('supplier_fee', { mode: 'number' }).notNull().default(0),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url'),
    subject: text('subject'),
    body: text('body'),
    clientIp: text('client_ip'),
    /** Payer details (userName, cardNumber, ifscCode, bankName, vpa, mode, address) and free extras. */
    userName: text('user_name'),
    cardNumber: text('card_number'),
    ifscCode: text('ifsc_code'),
    extras: jsonb('extras').$type<Record<string, string>>().notNull().default({}),
    /** The payment reference the payer or an operator gave, and when the payer submitted it. */
    utr: text('utr'),
    utrSubmittedAt: at('utr_submitted_at'),
    /** Name the payer paid under (verify name) and the customer identifier. */
    validateUserName: text('validate_user_name'),
    identifyCode: text('identify_code'),
    /** Remarks (description). */
    description: text('description'),
    rejectReason: text('reject_reason'),
    /** Completed by an operator's supplement rather than the payer's flow, and how. */
    supplemented: boolean('supplemented').notNull().default(false),
    supplementType: smallint('supplement_type'),
    /** Locked orders are worked by automation; operators unlock before acting by hand. */
    locked: boolean('locked').notNull().default(false),
    /** Orders placed from a test screen: marked test, left out of statistics; testStatus of TEST_STATUSES. */
    isTest: boolean('is_test').notNull().default(false),
    testStatus: text('test_status'),
    /** Payout fields (payout issue): batch, payout status, process state, agent (proxy) order. */
    batchId: integer('batch_id'),
    payoutStatus: smallint('payout_status'),
    processState: smallint('process_state'),
    isProxy: boolean('is_proxy').notNull().default(false),
    /** Payouts: when a supplier claimed it or it was assigned to a payout account (null: in the pool). */
    assignedAt: at('assigned_at'),
    /** When an open order times out (OrderTimeoutMinutes after allocation). */
    expiresAt: at('expires_at'),
    completedAt: at('completed_at'),
    reversedAt: at('reversed_at'),
    /** Why allocation chose (or could not choose) an account: /order/getOrderAllocateInfo. */
    allocateInfo: jsonb('allocate_info').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_code_idx').on(t.orderCode),
    uniqueIndex('orders_merchant_no_idx').on(t.merchantId, t.merchantOrderNo),
    index('orders_created_idx').on(t.createdAt),
    index('orders_merchant_created_idx').on(t.merchantId, t.createdAt),
    index('orders_supplier_created_idx').on(t.supplierId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_account_status_idx').on(t.accountId, t.status),
    // Allocation's daily figures: today's orders of the product's accounts, not their whole history.
    index('orders_account_created_idx').on(t.accountId, t.createdAt),
    index('orders_product_created_idx').on(t.productId, t.createdAt),
    index('orders_merchant_order_no_idx').on(t.merchantOrderNo),
    index('orders_completed_idx').on(t.completedAt),
    index('orders_utr_idx').on(t.utr),
    index('orders_card_idx').on(t.cardNumber),
    index('orders_expires_idx').on(t.expiresAt).where(sql`status = 2`),
    // The other filters of the order list. Selective values are found by the index; those most
    // orders share (a mark, a type) keep newest-first order from it. Columns most collection
    // orders leave empty are indexed only where set; text matched from its start, on lower().
    index('orders_client_ip_idx').on(t.clientIp),
    index('orders_identify_code_idx').on(t.identifyCode),
    index('orders_ifsc_idx').on(t.ifscCode),
    index('orders_amount_idx').on(t.amount),
    index('orders_received_idx').on(t.receivedAmount),
    index('orders_type_created_idx').on(t.orderType, t.createdAt),
    index('orders_mark_created_idx').on(t.mark, t.createdAt),
    index('orders_supplemented_created_idx').on(t.supplemented, t.createdAt),
    index('orders_supplement_type_idx').on(t.supplementType, t.createdAt).where(sql`supplement_type is not null`),
    index('orders_usdt_address_idx').on(t.usdtAddress).where(sql`usdt_address is not null`),
    index('orders_usdt_count_idx').on(t.usdtCount).where(sql`usdt_count is not null`),
    index('orders_batch_idx').on(t.batchId, t.createdAt).where(sql`batch_id is not null`),
    // The payout list filters by type and payout status together: a capped count then reads the index alone, not a bitmap of both.
    index('orders_payout_status_idx').on(t.orderType, t.payoutStatus, t.createdAt).where(sql`payout_status is not null`),
    index('orders_process_state_idx').on(t.processState, t.createdAt).where(sql`process_state is not null`),
    index('orders_description_prefix_idx').using('btree', sql`lower(${t.description}) text_pattern_ops`).where(sql`description is not null`),
    index('orders_verify_name_prefix_idx').using('btree', sql`lower(${t.validateUserName}) text_pattern_ops`),
    index('orders_user_name_prefix_idx').using('btree', sql`lower(${t.userName}) text_pattern_ops`),
  ],
);

/**
 * Every merchant order number ever given an order, for ever: the order cleanup moves old orders to
 * `orders_archive`, and `orders_merchant_no_idx` alone would then take the number again. Written
 * by a trigger on `orders` (migration 0015), in the statement that inserts the order, and never
 * deleted: a number used before makes that insert fail (server/orders/create/place.ts answers it as
 * duplicateOrder).
 */
export const merchantOrderNumbers = pgTable(
  'merchant_order_numbers',
  {
    merchantId: integer('merchant_id').notNull(),
    merchantOrderNo: text('merchant_order_no').notNull(),
  },
  (t) => [primaryKey({ name: 'merchant_order_numbers_pkey', columns: [t.merchantId, t.merchantOrderNo] })],
);

/**
 * The notification of one order to its merchant: where it goes, its state, and when the next try
 * is due. Attempts are rows of orderCallbackAttempts.
 */
export const orderCallbacks = pgTable(
  'order_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderCode: text('order_code').notNull(),
    merchantOrderNo: text('merchant_order_no').notNull(),
    merchantId: integer('merchant_id').notNull(),
    url: text('url').notNull(),
    /** 'pending' (a try is due), 'succeeded', 'failed' (no more tries). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try is due; a worker claims a due row by moving this forward (a lease). */
    nextAttemptAt: at('next_attempt_at'),
    /** Retries stop after this (TimeoutCallbackTime after the first try). */
    deadlineAt: at('deadline_at').notNull(),
    lastAttemptAt: at('last_attempt_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('order_callbacks_order_idx').on(t.orderId),
    index('order_callbacks_due_idx').on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index('order_callbacks_code_idx').on(t.orderCode),
    index('order_callbacks_merchant_no_idx').on(t.merchantOrderNo),
  ],
);

/** One HTTP call to a merchant's notify URL: what was sent, what came back, how long it took. */
export const orderCallbackAttempts = pgTable(
  'order_callback_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callbackId: bigint('callback_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderCode: text('order_code').notNull(),
    merchantOrderNo: text('merchant_order_no').notNull(),
    merchantId: integer('merchant_id').notNull(),
    url: text('url').notNull(),
    httpMethod: text('http_method').notNull().default('POST'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** HTTP status (null when no answer came), the body (capped) or the network error. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    success: boolean('success').notNull(),
    /** The platform's SysFlag at the time (callback detail filter systemFlag). */
    systemFlag: text('system_flag'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('order_callback_attempts_code_idx').on(t.orderCode), index('order_callback_attempts_received_idx').on(t.receivedAt), index('order_callback_attempts_callback_idx').on(t.callbackId)],
);
