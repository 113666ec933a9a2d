/**
 * The one error catalogue of the /v1.0 API. Every non-200 code the server answers is listed here;
 * its message text lives in locales/<lang>/errors.json under the same name, so the server answers in
 * the caller's language and the client can translate a code it only knows by number.
 */
export const ERRORS = {
  tokenInvalid: 1003,
  secondLevelRequired: 1024,
  secondLevelExpired: 1025,
  invalidParam: 4000,
  loginFailed: 4001,
  forbidden: 4003,
  notFound: 4004,
  stateConflict: 4009,
  googleCodeEmpty: 4010,
  googleCodeFailed: 4011,
  duplicate: 4012,
  googleNotBound: 4013,
  tooManyAttempts: 4029,
  /** Too many requests from one address (login throttle per IP). */
  tooManyRequests: 4030,
  signInvalid: 4101,
  unknownMerchant: 4102,
  /** Orders (server/orders): the merchant is disabled or takes no orders, the product is not theirs... */
  merchantDisabled: 4103,
  merchantNotAccepting: 4104,
  productNotEnabled: 4105,
  duplicateOrder: 4106,
  allocationFailed: 4107,
  amountOutOfRange: 4108,
  payoutFailed: 4109,
  onlyCsv: 4110,
  rowNotStandard: 4111,
  orderLocked: 4112,
  orderStateConflict: 4113,
  /** An operator's reallocation (reselect, retry) for products no supplier has an account of: no one to move the order to. */
  supplierNotFound: 4114,
  /** A UTR (or USDT transaction hash) another order holds, pending or paid (resources/orders/payment-references.ts): it pays once. */
  paymentReferenceUsed: 4116,
  /** Payouts (server/payouts, server/payout-batches): claims, batches, bank files, idempotency keys. */
  claimFailed: 4121,
  cancelClaimFailed: 4122,
  invalidBatchLimits: 4123,
  unsupportedTemplate: 4124,
  templateNoUpload: 4125,
  fileTypeError: 4126,
  formatParsingFailed: 4127,
  batchStateConflict: 4128,
  idempotencyKeyReused: 4129,
  idempotencyKeyInFlight: 4130,
  /** Order analysis (server/order-analysis): a frozen client IP is refused; an IP is frozen once at a time. */
  ipFrozen: 4150,
  ipAlreadyFrozen: 4151,
  /** Statistics (server/statistics): ShowUserStatisticInfo is off, so no split by merchant or supplier for this caller. */
  statisticsUserInfoHidden: 4140,
  /** Balance operations (server/finance): the amount exceeds what is available / frozen, clearing off or nothing to clear. */
  insufficientBalance: 4131,
  insufficientFrozen: 4132,
  clearBalanceDisabled: 4133,
  nothingToClear: 4134,
  /** An ingest request's X-Ingest-Token is missing, unknown, disabled or of the wrong kind (server/ingest). */
  ingestTokenInvalid: 4160,
  /** Monitors (server/monitors): a reported status the transition table does not allow from the current one. */
  monitorStatusConflict: 4170,
  /** A monitor's log line names another monitor than the one whose token sent it. */
  monitorIdMismatch: 4171,
  /** An ingested record names no receiving account the device may credit: its supplier's (or team's), its bound one if bound (server/ingest/reach.ts). */
  ingestAccountInvalid: 4161,
  /** The enableService switch is off: the platform takes no orders. */
  serviceDisabled: 4120,
  /** EnablePayPassword (server/users/pay-password.ts): the member's payment password is not set, missing or wrong. */
  payPasswordNotSet: 4210,
  payPasswordRequired: 4211,
  payPasswordWrong: 4212,
  /** Versioned scripts (server/scripts): a saved version must differ from the current one. */
  scriptUnchanged: 4240,
  /** IP rules (server/ip-rules): an address outside the account's whitelist; a rule that would shut out its author. */
  ipNotAllowed: 4230,
  ipRuleLocksYouOut: 4231,
  // To-do items (server/todo-items): a decision on an item no longer pending, an approved change
  // that no longer applies (the item stays pending with the reason), a submitter gone meanwhile,
  // a settlement submitted again while the first still waits.
  todoItemDecided: 4260,
  todoItemNotApplied: 4261,
  todoSubmitterGone: 4262,
  todoItemPending: 4263,
  /** AutoCreateRelateSupplier / AutoCreateRelateMerchant: the related account's name is taken; nothing is created. */
  relatedAccountTaken: 4273,
  /** The same, when the related account's name would pass the longest account name. */
  relatedAccountTooLong: 4274,
  /** FixSecurityChainSupplementLimit: the account's trusted chain has open gaps and its supplements reached the limit. */
  chainSupplementLimit: 4275,
  /** The realtime socket (server/realtime): an unknown or unreadable command, a page of a foreign origin. */
  socketUnknownCommand: 4280,
  socketOriginRefused: 4281,
  socketBadCommand: 4282,
  /** The database cannot be reached (answered with HTTP 503; server/http/db-unavailable.ts): retry shortly. */
  databaseUnavailable: 4290,
  /** The database ended this request's transaction to let a simultaneous one on the same rows go on (deadlock, 40P01; serialization, 40001): nothing was written, retry. */
  concurrentChange: 4291,
  /** Readiness (/v1.0/ready, server/health.ts): the database lacks migrations this server needs; answered with HTTP 503. */
  migrationsPending: 4292,
  /** GET /metrics without the METRICS_TOKEN bearer token (server/metrics/scrape.ts); answered with HTTP 401. */
  metricsTokenInvalid: 4293,
  internal: 5000,
} as const;

export type ErrorName = keyof typeof ERRORS;

/** A refusal the API answers as `{code, msg}` with HTTP 200; nothing the request asked for is written. */
export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly name: ErrorName,
    /** Values for the message template, e.g. {field: 'ifscCode'}. */
    readonly params: Record<string, string | number> = {},
    /** Overrides the catalogue text (used where the platform shows a specific text). */
    readonly detail?: string,
  ) {
    super(detail ?? name);
    this.code = ERRORS[name];
  }
}

export const fail = (name: ErrorName, params?: Record<string, string | number>, detail?: string): never => {
  throw new AppError(name, params, detail);
};
