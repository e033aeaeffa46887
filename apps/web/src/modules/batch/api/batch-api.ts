import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiEnvelope, BatchItem, BatchItemsQuery, BatchListQuery, BatchTask, BatchUploadResult, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { uploadWithProgress, type UploadProgress } from '../../../app/api/upload-with-progress';
import { sessionKeys } from '../../../app/session/session-queries';
import { hasRunningTask } from '../model/batch-format';

export const BATCH_URL = {
  list: '/api/batch/list',
  detail: '/api/batch/detail',
  items: '/api/batch/items',
  itemsExport: '/api/batch/items/export',
  upload: '/api/batch/upload',
  eval: '/api/batch/eval',
  template: '/api/batch/template',
  bookUpload: '/api/batch/book/upload',
  bookTemplate: '/api/batch/book/template',
} as const;

/** Pages showing a task being valued ask again this often. */
export const BATCH_POLL_MS = 2000;

export const batchKeys = {
  all: () => [...sessionKeys.all('user'), 'batch'] as const,
  list: (query: BatchListQuery) => [...batchKeys.all(), 'list', query] as const,
  detail: (id: number) => [...batchKeys.all(), 'detail', id] as const,
  items: (query: BatchItemsQuery) => [...batchKeys.all(), 'items', query] as const,
};

/** One page of the batch tasks; polled every 2 s while a task on it is being valued. */
export function useBatchTasks(query: BatchListQuery) {
  return useQuery({
    queryKey: batchKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<BatchTask>>(BATCH_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (hasRunningTask(q.state.data?.list) ? BATCH_POLL_MS : false),
  });
}

/** One task; polled every 2 s while it is being valued. */
export function useBatchTask(id: number) {
  return useQuery({
    queryKey: batchKeys.detail(id),
    queryFn: ({ signal }) => api.get<BatchTask>(BATCH_URL.detail, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data?.taskState === 1 ? BATCH_POLL_MS : false),
  });
}

export function useBatchItems(query: BatchItemsQuery, enabled: boolean) {
  return useQuery({
    queryKey: batchKeys.items(query),
    queryFn: ({ signal }) => api.get<Paged<BatchItem>>(BATCH_URL.items, { ...query }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface BatchUploadInput {
  file: File;
  taskName: string;
  /** Digits only; empty when no phone was given. */
  phone: string;
}

export interface BatchUploadCallbacks {
  onProgress: (progress: UploadProgress) => void;
  onSent: () => void;
  signal: AbortSignal;
}

/** POST api/batch/upload (multipart file, phone, taskName); the envelope may carry subCode 100. */
/** POST api/batch/upload, or api/batch/book/upload for a loan book. */
export function uploadBatchFile(
  input: BatchUploadInput,
  callbacks: BatchUploadCallbacks,
  url: string = BATCH_URL.upload,
): Promise<ApiEnvelope<BatchUploadResult>> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  form.append('taskName', input.taskName);
  if (input.phone) form.append('phone', input.phone);
  return uploadWithProgress<BatchUploadResult>(url, form, { ...callbacks, notifyErrors: false });
}

/** POST api/batch/eval: values a held task with the nationwide counts. */
export function evaluateWithUniversal(batchId: string, signal: AbortSignal): Promise<ApiEnvelope<BatchUploadResult>> {
  return api.request<BatchUploadResult>('POST', BATCH_URL.eval, { body: { batchId }, json: true, notifyErrors: false, signal });
}

export function downloadBatchTemplate() {
  return api.download(BATCH_URL.template, undefined, '批量估价模板.xlsx');
}

export function downloadLoanBookTemplate() {
  return api.download(BATCH_URL.bookTemplate, undefined, '贷款台账模板.xlsx');
}

/** The items of a task as .xlsx; evalState 0 (all) is left out. */
export function exportBatchItems(batchId: string, evalState: number) {
  return api.download(BATCH_URL.itemsExport, { batchId, evalState: evalState || undefined }, '批量估价明细.xlsx');
}
