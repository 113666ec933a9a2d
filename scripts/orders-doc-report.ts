/**
 * docs/orders.md, rendered from the code it describes: the statuses and the transition table
 * of resources/orders/statuses.ts, the row actions of resources/orders/actions.ts, and a worked
 * money example computed with the fee rule of server/orders/money.ts. `npm run orders-doc`
 * rewrites the file; a unit test fails when it is out of date.
 */
import { COLLECTION_TRANSITIONS, OPEN_STATUSES, ORDER_MARKS, ORDER_STATUSES, SUCCESS_STATUSES, statusId, type OrderStatus } from '../resources/orders/statuses';
import { REFERENCE_HOLDING_STATUSES } from '../resources/orders/payment-references';
import { orderActions } from '../resources/orders/actions';
import { SUPPLEMENT_TYPES } from '../resources/orders/action-rules';
import { REJECT_REASONS } from '../resources/orders/action-options';
import { orderApi } from '../resources/orders/api';
import { feeOf } from '../server/orders/money';

export const ORDERS_DOC_FILE = 'docs/orders.md';

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const code = (text: string | number) => `\`${text}\``;
const idOf = (status: OrderStatus) => ORDER_STATUSES.find((s) => s.code === status)!.id;
const statusList = (list: readonly OrderStatus[]) => list.map((s) => `${s} (${idOf(s)})`).join(', ');
const money = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

const WHO: Record<string, string> = {
  allocate: 'system (creation)',
  timeout: 'system (timeout sweep)',
  callbackResult: 'system (callback worker)',
  submitUtr: 'payer (pay page)',
};

function statuses(): string[] {
  return [
    row(['id', 'code', 'paid', 'holds its account']),
    row(['---', '---', '---', '---']),
    ...ORDER_STATUSES.map((s) => row([s.id, code(s.code), SUCCESS_STATUSES.includes(s.code) ? 'yes' : '', OPEN_STATUSES.includes(s.code) ? 'yes' : ''])),
  ];
}

function transitions(): string[] {
  return [
    row(['action', 'taken by', 'from', 'to', 'why']),
    row(['---', '---', '---', '---', '---']),
    ...COLLECTION_TRANSITIONS.map((t) => row([code(t.action), WHO[t.action] ?? 'operator (row action)', statusList(t.from), statusList(t.to), t.note])),
  ];
}

/** Where each row action shows (the table's `from` for its transition), with its call and what else it asks. */
function actions(): string[] {
  const shows = (a: (typeof orderActions)[number]) => {
    const conditions = a.when === undefined ? [] : Array.isArray(a.when) ? a.when : [a.when];
    return (
      conditions
        .map((c: { field: string; equals?: unknown; in?: readonly unknown[] }) =>
          c.field === 'status' ? `status ${(c.in ?? []).join(', ')}` : `${c.field} = ${String(c.equals)}`,
        )
        .join('; ') || 'any order'
    ) + (a.onlyFor ? `; screen ${a.onlyFor.join(', ')}` : '');
  };
  return [
    row(['action', 'ability', 'call', 'shown on', 'inputs']),
    row(['---', '---', '---', '---', '---']),
    ...orderActions.map((a) => row([code(a.name), code(a.ability), code(`POST ${a.call}`), shows(a), (a.inputs ?? []).map((i) => i.name).join(', ') || ''])),
  ];
}

/** The worked example: the demo merchant's and supplier's rates on 100.00 received as 100.37 (float). */
function example(): string[] {
  const amount = 10_000;
  const received = 10_037;
  const merchantFee = feeOf(amount, { rate: '0.005', fixedFee: 100, singleFee: 0 });
  const supplierFee = feeOf(received, { rate: '0.003', fixedFee: 0, singleFee: 0 });
  const merchant = amount - merchantFee;
  const off = { merchant, supplier: supplierFee, supplierClearing: -received, platformFee: received - merchant - supplierFee };
  const on = { merchant, supplier: -(received - supplierFee), supplierClearing: 0, platformFee: received - merchant - supplierFee };
  const line = (name: string, a: number, b: number) => row([name, money(a), money(b)]);
  return [
    `An order of ${money(amount)}; the account's float made the payer pay ${money(received)}. The merchant's rate is 0.005 plus ${money(100)} fixed,`,
    `the supplier's 0.003:`,
    '',
    `- merchant fee = ${money(amount)} x 0.005 + ${money(100)} = ${money(merchantFee)} (on the order amount)`,
    `- supplier fee = ${money(received)} x 0.003 = ${money(supplierFee)} (on what was received, rounded half up to the minor unit)`,
    '',
    row(['account', 'IsSupplierRemoveBalanceOnOrderFinished off', 'on']),
    row(['---', '---', '---']),
    line('merchant', off.merchant, on.merchant),
    line('supplier', off.supplier, on.supplier),
    line('supplierClearing', off.supplierClearing, on.supplierClearing),
    line('platformFee', off.platformFee, on.platformFee),
    line('sum', Object.values(off).reduce((s, v) => s + v, 0), Object.values(on).reduce((s, v) => s + v, 0)),
  ];
}

export function renderOrdersDoc(): string {
  return [
    '# Collection orders: statuses, transitions, money, timeouts',
    '',
    '<!-- Written by `npm run orders-doc` from resources/orders/statuses.ts, resources/orders/actions.ts and server/orders/money.ts; a unit test keeps it current. Do not edit by hand. -->',
    '',
    'The life of a collection order: its statuses, the table of allowed moves (the server refuses any other with the state-conflict code), the row actions, the money each move posts, and timeouts. The other pages of the order domain:',
    '',
    '- [Creation and allocation](orders-allocation.md): the signed creation API, batch creation, how an account is chosen, test orders.',
    '- [Pay page](orders-pay-page.md): what the payer sees and how a UTR is taken; the test-order screens and the order profile.',
    '- [Callbacks](orders-callbacks.md): the notification sent to the merchant, its sign, success rule and retries.',
    '',
    "For merchants integrating: the server publishes its merchant API as an OpenAPI 3.1 document, `GET /v1.0/openapi.json`, and as a page to read, `GET /v1.0/openapi` (`?lang=zh-CN`, `zh-TW` or `en-US`): order creation, batch creation, the pay pages and the callback (a webhook), with the sign rule, every error code and its meaning, and examples signed with the demo merchant's key. It is made from the same declarations and schemas the server validates with (`server/api-docs/`), and a test sends every example to a live server.",
    '',
    '## Statuses',
    '',
    'Ids are the API\'s (`GET /order/getOrderStatusList`). Paid statuses have ledger postings; statuses that hold their account count toward its concurrency, float uniqueness and processing figures. Lists hide id 10 unless "show all" is on.',
    '',
    ...statuses(),
    '',
    `Marks (\`GET /order/getOrderMarkList\`, set with \`POST ${orderApi.updateMark}\`): ${ORDER_MARKS.map((m) => `${m.code} (${m.id})`).join(', ')}.`,
    '',
    '## Transitions',
    '',
    'The spec does not give the allowed transitions; this table is ours and the only place they are written. Every status change goes through `transition()` (server/orders/state-machine.ts), which refuses a move the table does not allow (and a move to the status the order already has) with `orderStateConflict` (4113, "Not allowed: the order is ..."), writes the change only if the order still has the status it was read with, and audits it with who (null for the system), when, from, to and why.',
    '',
    ...transitions(),
    '',
    `A payment reference pays once: while an order is ${REFERENCE_HOLDING_STATUSES.map((s) => `${s} (${statusId(s)})`).join(', ')} with a UTR (a transaction hash for USDT products), no other order of that channel (bank UTRs, USDT hashes; compared without case and surrounding blanks) may enter those statuses with it, nor may an order become paid with one another order holds. The database keeps the rule (the trigger of the payment_references migration and its table \`payment_references\`; an archived order keeps its reference); a move that breaks it is refused with \`paymentReferenceUsed\` (4116, naming the other order), the pay page refuses the UTR without naming it, and a bank record carrying it pays nothing (\`referenceUsed\`, docs/ingest.md).`,
    '',
    '## Row actions',
    '',
    'Each is offered in the row menu when the role\'s ability has it and the row matches (status ids from the table above), and checked again by the server. Locked orders are worked by automation: every manual action answers `orderLocked` (4112) until they are unlocked; only unlock and the mark are allowed on them. Lock and unlock take 1 to 100 order codes, all or nothing (an unknown or foreign code refuses the request). A supplier may confirm orders of its own and its agents\' accounts, giving its payment password while `EnablePayPassword` is on; while `IsSupplierRemoveBalanceOnOrderFinished` is off (the default) the confirmation would cost it nothing, so it waits as a to-do item (kind `orderConfirm`, "Submission successful, awaiting admin review"; one per order, a second answers `todoItemPending`, 4263) and the order is paid only when an admin approves it; with the switch on it confirms at once, debited what it received. Every other action is for superAdmin and admin. Confirm, supplement, reverse and repair move money: each also needs the second-level token of `/user/login2` (1024 without it, 1025 once expired). Supplement needs a Google code while `GoogleVerifyManualSupplement` is on, and takes a timed-out order only while `CanTimeoutSupplement` is on; it records the UTR, `supplemented`, the supplement type (' +
      SUPPLEMENT_TYPES.map((t) => `${t.code} ${t.id}`).join(', ') +
      ') and the supplement mark. Reject takes one of ' +
      REJECT_REASONS.map(code).join(', ') +
      '; `other` needs the specific reason. Repair takes a target of the repair edge and a required reason. Callback only re-schedules a paid order\'s notification; it changes no status.',
    '',
    ...actions(),
    '',
    '## Money',
    '',
    'Balances are sums of ledger rows (server/ledger/ledger.ts), never stored numbers. Entering a paid status from an unpaid one posts the order\'s rows (`postPaid`), inside the transaction that changes the status; leaving a paid status posts the exact opposite of what the order\'s rows still net to, per account (`postReversal`); moves between paid statuses or between unpaid ones post nothing. So every posting sums to zero across the merchant, the supplier and the platform\'s two accounts (`platformFee`: what the platform earns; `supplierClearing`: collected money that suppliers hold for the platform), an order\'s rows net to either one posting (paid) or nothing (unpaid), and a reversed order paid again posts once more. Rows carry `refType = order`, `refId = orderCode`.',
    '',
    'Fees come from the member\'s product rate (user products): amount x rate rounded half up, plus the fixed fee, at least the single transaction fee. The merchant is credited the order amount less its fee. The supplier holds the payer\'s money: with `IsSupplierRemoveBalanceOnOrderFinished` on, its balance is debited what it received less its fee; with it off, the supplier is credited its fee and `supplierClearing` is debited what was received (settled with the supplier outside this ledger). The platform fee account takes the rest. A reversal undoes what was posted, whatever the switch says at that time; a member it takes money back from must have it available (else `insufficientBalance`, 4131, and nothing moves: the merchant may have paid the credit out; a balance adjustment credits it first), except the supplier while that switch is on.',
    '',
    ...example(),
    '',
    '## Timeouts',
    '',
    'Allocation sets `expiresAt` to `OrderTimeoutMinutes` after allocation. The server sweeps every 5 seconds (server/orders/timeouts.ts, a job of server/jobs.ts): allocated orders whose `expiresAt` has passed move to timed out through the table\'s `timeout` edge, audited with no user (the system). The expiry is a column, so a restart loses nothing: the first sweep after it times out whatever expired meanwhile. Each batch claims its orders with `SELECT ... FOR UPDATE SKIP LOCKED` inside one transaction and the state machine writes only if the status is still allocated, so with several instances on one PostgreSQL each order is timed out exactly once, and an operator acting on the order at the same moment either wins or is told the order\'s new status. A timed-out order can be released (reopened with a new timeout), reselected or, while `CanTimeoutSupplement` is on, supplemented; a bank record of a payment made before it expired still pays it (docs/ingest.md). An order timed out early (freed, repaired) expires at that moment.',
    '',
  ].join('\n');
}
