/**
 * Bank-file templates of payout batches, as data: which product a template serves, the columns of
 * the file it exports (header text, what each cell holds and how it is written), and whether the
 * bank answers with a result file the batch screen can upload (its header and status words).
 * server/payout-batches/bank-file.ts writes and reads files by these; the batch dialog lists them.
 *
 * Amounts: a batch's total and limit are the payouts' own amounts (what the bank sends to the
 * payees). With PayoutBatchCalculateAmount on, the merchants' payout fees are added to the total
 * and counted against the amount limit (what the batch costs the merchants); off, the amounts
 * alone. The file always carries each payout's own amount.
 */

/** What a cell holds: a payout's field, or the batch's value date. */
export type CellSource = 'orderCode' | 'merchantOrderNo' | 'userName' | 'cardNumber' | 'ifscCode' | 'bankName' | 'amount' | 'usdtAddress' | 'usdtCount' | 'valueDate' | 'fixed';

/** How a value is written: amounts as major units with two places or as whole paise, dates in a bank's layout. */
export type CellFormat = 'major2' | 'minor' | 'usdt6' | 'DD/MM/YYYY' | 'YYYYMMDD';

export interface TemplateColumn {
  header: string;
  source: CellSource;
  format?: CellFormat;
  /** The text of a `fixed` column (a payment-mode code every row carries). */
  value?: string;
}

/** The bank's answer file: which column names the payout, which says paid or refused, and the words used. */
export interface ResultFileSpec {
  header: readonly string[];
  /** The column holding what the export wrote in its `orderCode` column. */
  referenceColumn: string;
  statusColumn: string;
  /** The bank's reference of a paid row (a UTR, a transaction hash): kept on the payout and sent in its callback. */
  utrColumn?: string;
  /** The bank's own words on a row (why it refused it): kept as the payout's reject reason. */
  remarkColumn?: string;
  paid: readonly string[];
  refused: readonly string[];
}

export interface BatchTemplate {
  id: string;
  productId: number;
  /** i18n key of its name (payoutBatches.templates.<id>). */
  label: string;
  columns: readonly TemplateColumn[];
  /** Null: this bank sends no result file (templateNoUpload). */
  result: ResultFileSpec | null;
}

export const BATCH_TEMPLATES: readonly BatchTemplate[] = [
  {
    // ICICI-style bulk upload: reference first, day-first date, amount in rupees with two places.
    id: 'iciciBulk',
    productId: 3017,
    label: 'payoutBatches.templates.iciciBulk',
    columns: [
      { header: 'Debit Ref', source: 'orderCode' },
      { header: 'Beneficiary Name', source: 'userName' },
      { header: 'Beneficiary Account No', source: 'cardNumber' },
      { header: 'IFSC', source: 'ifscCode' },
      { header: 'Amount (INR)', source: 'amount', format: 'major2' },
      { header: 'Value Date', source: 'valueDate', format: 'DD/MM/YYYY' },
      { header: 'Payment Mode', source: 'fixed', value: 'NEFT' },
    ],
    result: { header: ['Debit Ref', 'Beneficiary Account No', 'Amount (INR)', 'Status', 'UTR', 'Remarks'], referenceColumn: 'Debit Ref', statusColumn: 'Status', utrColumn: 'UTR', remarkColumn: 'Remarks', paid: ['SUCCESS'], refused: ['FAILED', 'REJECTED'] },
  },
  {
    // HDFC-style NEFT file: transaction type first, amount in paise, compact date, reference near the end.
    id: 'hdfcNeft',
    productId: 3017,
    label: 'payoutBatches.templates.hdfcNeft',
    columns: [
      { header: 'Transaction Type', source: 'fixed', value: 'N' },
      { header: 'Beneficiary Account Number', source: 'cardNumber' },
      { header: 'Instrument Amount (Paise)', source: 'amount', format: 'minor' },
      { header: 'Beneficiary Name', source: 'userName' },
      { header: 'IFSC Code', source: 'ifscCode' },
      { header: 'Bank Name', source: 'bankName' },
      { header: 'Customer Reference Number', source: 'orderCode' },
      { header: 'Transaction Date', source: 'valueDate', format: 'YYYYMMDD' },
    ],
    result: null,
  },
  {
    // USDT (TRC20) transfer list for the wallet operator.
    id: 'usdtTrc20',
    productId: 3016,
    label: 'payoutBatches.templates.usdtTrc20',
    columns: [
      { header: 'Order No', source: 'orderCode' },
      { header: 'Wallet Address (TRC20)', source: 'usdtAddress' },
      { header: 'USDT Amount', source: 'usdtCount', format: 'usdt6' },
      { header: 'Merchant Order No', source: 'merchantOrderNo' },
    ],
    result: { header: ['Order No', 'Tx Hash', 'Result'], referenceColumn: 'Order No', statusColumn: 'Result', utrColumn: 'Tx Hash', paid: ['CONFIRMED'], refused: ['FAILED'] },
  },
];

export const templateOf = (id: string | null | undefined): BatchTemplate | undefined => BATCH_TEMPLATES.find((t) => t.id === id);
