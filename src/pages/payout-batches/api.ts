/**
 * The batch screens' calls: settings and templates (cached), the batch with its orders, each
 * workflow step with one Idempotency-Key per decision, and the file download (a GET that answers
 * the CSV itself, fetched with the session headers and saved under its own name).
 */
import { useQuery } from '@tanstack/react-query';
import { payoutBatchApi } from '../../../resources/payout-batches/api';
import { API_BASE } from '../../providers/config';
import { ApiError, CODE, get, httpHooks, newIdempotencyKey, post, request } from '../../providers/http';
import { getToken, getToken2 } from '../../providers/token';

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

export const uploadResult = (id: number, file: File, googleCode?: string) => {
  const form = new FormData();
  form.append('id', String(id));
  if (googleCode) form.append('googleCode', googleCode);
  form.append('file', file);
  return request<{ completed: number; refused: number; left: number }>(payoutBatchApi.upload, { method: 'POST', body: form, silent: true, idempotencyKey: newIdempotencyKey() });
};

/** Fetches the batch's bank file and saves it; a refusal (second login needed, wrong state) comes back as the usual envelope. */
export async function downloadBatch(id: number, fileName: string, googleCode?: string): Promise<void> {
  const query = new URLSearchParams({ id: String(id), ...(googleCode ? { googleCode } : {}) });
  const response = await fetch(`${API_BASE}${payoutBatchApi.download}?${query}`, { headers: { token: getToken(), token2: getToken2(), lang: httpHooks.language() }, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}`, payoutBatchApi.download);
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json()) as { code: number; msg: string };
    if ((envelope.code === CODE.secondLevelRequired || envelope.code === CODE.secondLevelExpired) && (await httpHooks.secondLogin(envelope.code))) return downloadBatch(id, fileName, googleCode);
    throw new ApiError(envelope.code, envelope.msg, payoutBatchApi.download);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
