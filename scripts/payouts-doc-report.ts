/**
 * docs/payouts.md, rendered from the code it describes: the payout states, the transition table
 * and the money of each state (resources/payouts/states.ts), the row actions
 * (resources/payouts/actions.ts) and a worked money example computed with the fee rule of
 * server/orders/money.ts. `npm run orders-doc` rewrites it with docs/orders.md; a unit test fails
 * when it is out of date.
 */
import { MONEY_OF, ORDER_STATUS_OF, PAYOUT_STATES, PAYOUT_TRANSITIONS, type PayoutState } from '../resources/payouts/states';
import { payoutActions, poolActions } from '../resources/payouts/actions';
import { BATCH_EXCEPTION, PAYOUT_REJECT_REASONS } from '../resources/payouts/reject-reasons';
import { payoutApi } from '../resources/payouts/api';
import { BANK_PAYOUT, USDT_PAYOUT } from '../resources/products/payee-details';
import { ORDER_STATUSES } from '../resources/orders/statuses';
import { feeOf } from '../server/orders/money';
import { BATCH_STATES, BATCH_TRANSITIONS } from '../resources/payout-batches/states';
import { BATCH_TEMPLATES } from '../resources/payout-batches/templates';

/** The batch flow: its states and moves, and the bank-file templates. */
function batches(): string[] {
  return [
    '## Batches',
    '',
    'Payouts are paid in batches (`/payoutBatch/list`): staff batch pool payouts, a supplier the payouts it claimed. A new batch takes up to its most orders (a whole number from 1 to 500) of the template\'s product, oldest first; with an amount limit, each payout that still fits in what the limit leaves is taken and one too large is passed over, so one large old payout does not keep smaller ones waiting. A count or limit out of range is refused with its reason ("Invalid maximum count or amount: Max orders (maxCount) must not exceed 500", 4123), never rounded or clamped. Each batch call needs the second-level password, a Google code while the BatchOperations switch is on, and takes an Idempotency-Key. The export is a background job (progress 0 to 100 on the batch page) that writes the bank file of the batch\'s template; a confirmed batch cannot be confirmed again.',
    '',
    'The bank\'s result file is previewed before it is applied, since it moves money: choosing it on the batch page posts it to `POST /payoutBatch/uploadPreview`, which reads it exactly as the upload does (one reading, server/payout-batches/result-plan.ts) and changes nothing, answering how many payouts it pays and refuses with their amounts, how many stay with the bank, and every row it cannot read with its row number and fault (`cells`, `reference`, `duplicate`, `notInBatch`, `status`, `utr`, `remark`). Only the dialog\'s Confirm sends `POST /payoutBatch/upload`, under the guards above; a file with any unreadable row cannot be confirmed, and the upload refuses it whole ("Row 3 is not standard: Debit Ref", 4111). A paid row\'s bank reference (the template\'s UTR or transaction hash column, at most 64 characters, never holding `&` or `=`, which the callback\'s sign cannot carry) is kept as the payout\'s `utr`, shown on its detail and sent in its callback. A refused row\'s remark is kept as its reject reason; a row without one stores the code `bankRefused`, which every screen names in its language. A payout ticked when its batch is marked exceptional keeps its batch and stores the code `' + BATCH_EXCEPTION + '`, named the same way.',
    '',
    'A supplier does not settle its own batch alone. Its confirmation, or its bank result file, says that its own payouts were paid, and completing them credits it each amount plus its fee out of the merchants\' reserve, on its word only. So both always wait as to-do items (kind `batchConfirm`, `batchUpload`; "Submission successful, awaiting admin review"), checked first like a direct call (a batch not exported, a file row naming no payout of the batch with the bank is refused at once) and nothing moves: the batch stays exported, its payouts paying. One settlement of a batch waits at a time (a second one answers `todoItemPending`, 4263). An admin approving it replays the confirmation or the file as the supplier sent them, in one transaction, with the second-level password and, while `GoogleVerifyBatchOperations` is on, a Google code of its own; the money moves then, once (a second approval is `todoItemDecided`, 4260). Rejected, nothing moves, and staff settle the batch themselves (mark it exceptional). Staff confirm and upload for any batch at once. No setting turns this off: see docs/reliability.md, "Abuse paths", item 9.',
    '',
    row(['action', 'from', 'to', 'why']),
    row(['---', '---', '---', '---']),
    ...BATCH_TRANSITIONS.map((t) => row([code(t.action), t.from.length ? t.from.join(', ') : '(new)', t.to.join(', '), t.note])),
    '',
    `Batch states: ${BATCH_STATES.map((s) => `${s.code} (${s.id})`).join(', ')}.`,
    '',
    row(['template', 'product', 'bank file columns', 'result file upload']),
    row(['---', '---', '---', '---']),
    ...BATCH_TEMPLATES.map((t) => row([code(t.id), t.productId, t.columns.map((c) => c.header).join(', '), t.result ? t.result.header.join(', ') : 'no'])),
    '',
  ];
}

export const PAYOUTS_DOC_FILE = 'docs/payouts.md';

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const code = (text: string | number) => `\`${text}\``;
const idOf = (state: PayoutState) => PAYOUT_STATES.find((s) => s.code === state)!.id;
const stateList = (list: readonly PayoutState[]) => list.map((s) => `${s} (${idOf(s)})`).join(', ');
const money = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

const WHO: Record<string, string> = {
  claim: 'supplier (pool)',
  cancelClaim: 'supplier (its list)',
  assign: 'system (auto-assign job)',
  batch: 'batch',
  export: 'batch (bank file written)',
  confirm: 'batch (confirmed)',
  exception: 'batch (marked exceptional)',
  unbatch: 'batch (marked exceptional)',
  bankResult: 'batch (bank result file)',
};

function states(): string[] {
  return [
    row(['id', 'code', 'money', 'order status shown']),
    row(['---', '---', '---', '---']),
    ...PAYOUT_STATES.map((s) => row([s.id, code(s.code), MONEY_OF[s.code], `${ORDER_STATUS_OF[s.code]} (${ORDER_STATUSES.find((o) => o.code === ORDER_STATUS_OF[s.code])!.id})`])),
  ];
}

function transitions(): string[] {
  return [
    row(['action', 'taken by', 'from', 'to', 'why']),
    row(['---', '---', '---', '---', '---']),
    ...PAYOUT_TRANSITIONS.map((t) => row([code(t.action), WHO[t.action] ?? 'operator (row action)', stateList(t.from), stateList(t.to) + (t.keepsState ? ' (may keep its state)' : ''), t.note])),
  ];
}

function actions(): string[] {
  const shows = (a: (typeof payoutActions)[number]) => {
    const conditions = a.when === undefined ? [] : Array.isArray(a.when) ? a.when : [a.when];
    return conditions.map((c: { field: string; equals?: unknown; in?: readonly unknown[] }) => ('in' in c ? `${c.field} ${(c.in ?? []).join(', ')}` : `${c.field} = ${String(c.equals)}`)).join('; ') || 'any payout';
  };
  const call = (a: (typeof payoutActions)[number]) => code(`POST ${a.call}${a.paramsInQuery ? `?${a.idParam}` : ''}`);
  return [
    row(['action', 'ability', 'call', 'shown on', 'inputs', 'Idempotency-Key']),
    row(['---', '---', '---', '---', '---', '---']),
    ...[...poolActions, ...payoutActions].map((a) => row([code(a.name), code(a.ability), call(a), shows(a), (a.inputs ?? []).map((i) => i.name).join(', '), a.idempotent ? 'yes' : ''])),
  ];
}

/** The worked example: a 1,000.00 bank payout of the demo merchant (1 %), claimed by the demo supplier (0.4 %). */
function example(): string[] {
  const amount = 100_000;
  const merchantFee = feeOf(amount, { rate: '0.01', fixedFee: 0, singleFee: 0 });
  const supplierFee = feeOf(amount, { rate: '0.004', fixedFee: 0, singleFee: 0 });
  const created = { merchant: -(amount + merchantFee), payoutReserve: amount + merchantFee, supplier: 0, platformFee: 0 };
  const completed = { merchant: 0, payoutReserve: -(amount + merchantFee), supplier: amount + supplierFee, platformFee: merchantFee - supplierFee };
  const total = (p: Record<string, number>) => Object.values(p).reduce((s, v) => s + v, 0);
  const line = (name: keyof typeof created) => row([name, money(created[name]), money(completed[name]), money(created[name] + completed[name])]);
  return [
    `A bank payout of ${money(amount)}; the merchant's rate for ${BANK_PAYOUT} is 0.01, the claiming supplier's 0.004:`,
    '',
    `- merchant fee = ${money(amount)} x 0.01 = ${money(merchantFee)}, reserved with the amount at creation`,
    `- supplier fee = ${money(amount)} x 0.004 = ${money(supplierFee)}, credited with the amount it paid out when the payout completes`,
    '',
    row(['account', 'created (reserve)', 'completed', 'net']),
    row(['---', '---', '---', '---']),
    line('merchant'),
    line('payoutReserve'),
    line('supplier'),
    line('platformFee'),
    row(['sum', money(total(created)), money(total(completed)), money(total(created) + total(completed))]),
    '',
    `Rejected, cancelled or reversed instead, every row above is reversed per account: the merchant gets ${money(amount + merchantFee)} back and the payout nets to zero. A payout the platform pays itself (a batch of pool payouts with no supplier) credits \`payoutClearing\` with the amount and the platform keeps the whole merchant fee.`,
  ];
}

export function renderPayoutsDoc(): string {
  return [
    '# Payout orders: states, transitions, money, claims, risk hold',
    '',
    '<!-- Written by `npm run orders-doc` from resources/payouts/states.ts, resources/payouts/actions.ts and server/orders/money.ts; a unit test keeps it current. Do not edit by hand. -->',
    '',
    'A payout moves a merchant\'s money out of the platform to a payee. It is an order (`orderType` 2) placed through the same signed `POST /api/order/create` (and `createBatch`) as collection orders, with a payout product and the payee details. This page is the life of a payout: its states, the only moves allowed between them, the money each state holds, who may claim it and how the risk control holds it.',
    '',
    '## Products',
    '',
    `- ${code(USDT_PAYOUT)} USDT payout (the spec's code): the payee is a wallet \`address\` (TRON \`T...\` or an EVM \`0x...\` address, its checksum verified: docs/reliability.md, "Identifier formats"); \`usdtCount\` is the USDT amount in millionths, shown as "USDT payout amount", and \`usdtAddress\` as "payout wallet address".`,
    `- ${code(BANK_PAYOUT)} bank payout (ours: none of the spec's codes fits a bank payout): used by the India auto payout and Razorpay payout proxy accounts. The payee is \`userName\` (128 characters at most), \`cardNumber\` (digits), \`ifscCode\` (\`AAAA0XXXXXX\`) and \`bankName\`; \`vpa\` (UPI id, \`name@handle\`), \`mode\` and \`address\` are kept when given.`,
    '',
    'A merchant must have the product enabled (user products, merchant side); a supplier\'s payout account must be of the product, enabled, and take the amount to receive the payout.',
    '',
    '## States',
    '',
    'Ids are the API\'s (`payoutStatus`). `held` is ours: a payout the risk control stopped. `orders.status` mirrors the state (last column), so order statistics read payouts sensibly. The money column says where the payout\'s money stands (see Money).',
    '',
    ...states(),
    '',
    'The **pool** (`/payProxyOrder/pool`) is the payouts that are `waiting` and held by no supplier, oldest first. The allocation status column says whether a payout is on a supplier\'s payout account (`assigned`) or in the pool.',
    '',
    '## Transitions',
    '',
    'Every state change goes through `payoutTransition()` (server/payouts/state-machine.ts), the only writer of `payoutStatus`: it refuses a move this table does not allow with `orderStateConflict` (4113, "Not allowed: the order is <state>"), writes the change only if the payout still has the state it was read with (so of two moves racing one wins and the other is refused), moves the money in the same transaction, audits who, from, to and why, and schedules the merchant\'s notification on completed, revoked and cancelled.',
    '',
    ...transitions(),
    '',
    '## Claims',
    '',
    `- \`POST ${payoutApi.claim}?orderId=<id>\` (supplier, on the pool): the payout is read \`FOR UPDATE\`; if it is still waiting with no supplier, the next eligible payout account of the caller or its agents takes it (enabled, of the product, amount within its range, its payouts in hand below \`maxConcurrentOrders\`, least recently given first) and it moves to preparing with \`supplierId\`, \`accountId\` and \`assignedAt\`. Otherwise "Claim failed" (4121) says why: another supplier took it first, or none of your accounts can take it. Of twenty claims of one payout at the same instant exactly one succeeds ("Claim successful").`,
    `- \`POST ${payoutApi.cancelClaim}?orderId=<id>\` (supplier, on its payout list): only the team holding the payout (the supplier or its agents) and only before a batch takes it; it returns to the pool with the supplier, account and time cleared. Otherwise "Cancel claim failed" (4122).`,
    '- With `AutoAssignPayoutOrder` on, creation gives a new payout to an eligible account at once, and a job (server/payouts/auto-assign.ts, every 5 seconds) gives pool payouts, oldest first and at most 100 per run, to eligible accounts; it takes them with `FOR UPDATE SKIP LOCKED`, so a supplier claiming the same payout meanwhile is never given it twice.',
    '- An operator may release a claimed, unbatched payout to the pool (`release`).',
    '',
    '## Row actions',
    '',
    'Each is offered in the row menu when the role\'s ability has it and the row matches (payout state ids from the table above), and checked again by the server; a collection order\'s code is "not found" on every payout call. Reject takes one of ' +
      PAYOUT_REJECT_REASONS.map(code).join(', ') +
      ' (`other` needs the specific reason, which is stored as the reject reason). Repair takes a target of the repair edge and a required reason. Reject, cancel, reverse, repair and reselect move money or change who is paid: each also needs the second-level token of `/user/login2` (1024 without it, 1025 once expired); release and retry keep the reserve where it is.',
    '',
    ...actions(),
    '',
    '## Money',
    '',
    'Balances are sums of ledger rows, never stored numbers; every posting sums to zero and carries `refType = order`, `refId = orderCode` (server/payouts/money.ts). Creation reserves the merchant\'s amount and fee in the platform\'s `payoutReserve` account; a balance that does not cover it is refused with "Payout failed" (4109) and nothing is stored. Completion pays the reserve out: whoever paid the payee (the supplier, credited the amount plus its fee, or `payoutClearing` for the platform\'s own batches) and `platformFee` (the merchant fee less the supplier fee). Leaving for a released state (revoked, cancelled, reversal completed) posts the exact opposite of what the payout\'s rows still net to, so the merchant has its money back and the payout nets to zero; a supplier it takes a completed payout\'s credit back from must have it available (else `insufficientBalance`, 4131, and nothing moves), unless `IsSupplierRemoveBalanceOnOrderFinished` is on. A repair back to waiting from a released or paid state reserves again, and must be covered; it leaves the payout free of any supplier, account and batch.',
    '',
    ...example(),
    '',
    ...batches(),
    '## Risk hold',
    '',
    'At creation, and again when an operator reselects the payee details, the payee (name, card number, UPI id, wallet address) is checked against the enabled risk blacklist (`/payProxyOrder/risk-control/blacklist`, names compared case- and space-insensitively). A hit holds the payout instead of sending it to the pool, records a detection with the rule (the blacklist kind) and the listed value (`/payProxyOrder/risk-control/detection-records`), and takes it off any supplier\'s account. The money stays reserved. An operator then reselects the details (clear: back to the pool), retries after the blacklist changed (still listed: refused, it stays held; clear: back to the pool), or cancels it (the reserve goes back to the merchant).',
    '',
    '## Idempotency-Key',
    '',
    'Every call that moves a payout\'s state or money (claim, cancel claim, reject, reverse, cancel, retry, release, reselect, repair, and the batch calls) takes an `Idempotency-Key` header, as in Stripe\'s API and the IETF idempotency-key draft. The admin sends one key per decision and keeps it when the same action is tried again after a failure. The server stores the key with the caller and the request body: the same key with the same body replays the first answer without acting again; the same key with another body is refused (`idempotencyKeyReused`, 4129); a duplicate arriving while the first is still running waits for it and replays its answer, or is refused (`idempotencyKeyInFlight`, 4130). Without a key a call acts as usual, and the state table still refuses a second move of the same payout.',
    '',
  ].join('\n');
}
