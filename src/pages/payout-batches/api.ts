/**
 * The batch screens' calls: settings and templates (cached), the batch with its orders, each
 * workflow step with one Idempotency-Key per decision, and the file download (a GET that answers
 * the CSV itself, ../../providers/download.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { payoutBatchApi } from '../../../resources/payout-batches/api';
import { get, newIdempotencyKey, post, request } from '../../providers/http';
import { download, saveFile } from '../../providers/download';

export interface BatchSettings {
  showBatchButton: boolean;
  googleCode: boolean;
  calculateAmountWithFees: boolean;
}

export interface TemplateInfo {
  id: string;
  productId: number;
  columns: string[];
  upload: boolean;
  resultHeader: string[] | null;
}

export interface BatchOrder {
  id: number;
  orderCode: string;
  merchantOrderNo: string;
  amount: number;
  merchantFee: number;
  payoutStatus: number;
  userName: string | null;
  cardNumber: string | null;
  ifscCode: string | null;
  bankName: string | null;
  usdtAddress: string | null;
  usdtCount: number | null;
  rejectReason: string | null;
  /** The bank's reference of a paid payout. */
  utr: string | null;
}

export interface BatchDetail {
  id: number;
  batchNo: string;
  templateId: string;
  supplierId: number | null;
  supplierName: string | null;
  maxCount: number;
  amountLimit: number | null;
  orderCount: number;
  totalAmount: number;
  exceptionAmount: number;
  state: number;
  exportProgress: number;
  fileName: string | null;
  createdAt: string;
  orders: BatchOrder[];
}

export const useBatchSettings = () => useQuery({ queryKey: ['payoutBatch', 'settings'], queryFn: () => get<BatchSettings>(payoutBatchApi.settings), staleTime: 30_000 });
export const useTemplates = () => useQuery({ queryKey: ['payoutBatch', 'templates'], queryFn: () => get<TemplateInfo[]>(payoutBatchApi.templates), staleTime: Infinity });

/** One step of the workflow as one decision: its key is made here once, and kept if the call is retried after a second login. */
export const runStep = <T>(path: string, body: Record<string, unknown>) => post<T>(path, body, { silent: true, idempotencyKey: newIdempotencyKey() });

/** What a result file would do (POST uploadPreview): figures in minor units (USDT counts in micro units). */
export interface ResultPreviewData {
  rows: number;
  paid: { count: number; amount: number; usdtCount: number };
  refused: { count: number; amount: number; usdtCount: number };
  left: number;
  unreadable: { row: number; column: string | null; fault: string }[];
  applicable: boolean;
}

function resultForm(id: number, file: File, googleCode?: string): FormData {
  const form = new FormData();
  form.append('id', String(id));
  if (googleCode) form.append('googleCode', googleCode);
  form.append('file', file);
  return form;
}

/** Reads the file as the upload would, changing nothing. */
export const previewResult = (id: number, file: File) => request<ResultPreviewData>(payoutBatchApi.uploadPreview, { method: 'POST', body: resultForm(id, file), silent: true });

export const uploadResult = (id: number, file: File, googleCode?: string) =>
  request<{ completed: number; refused: number; left: number }>(payoutBatchApi.upload, { method: 'POST', body: resultForm(id, file, googleCode), silent: true, idempotencyKey: newIdempotencyKey() });

/** Fetches the batch's bank file and saves it; a refusal (second login needed, wrong state) comes back as the usual envelope. */
export async function downloadBatch(id: number, fileName: string, googleCode?: string): Promise<void> {
  const file = await download(payoutBatchApi.download, { id, googleCode }, { silent: true }, fileName);
  saveFile(file.blob, file.fileName);
}
