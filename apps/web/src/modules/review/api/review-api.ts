import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppraisalCaseRecord, AppraisalCaseView, EvalRecord, Paged } from '@valuation/contracts';
import type { ObjectionListRow, ReviewInitiate, ReviewListRow } from '@valuation/domain';
import { api } from '../../../app/api/client';
import type { QueryParams } from '../../../app/api/request-url';
import { sessionKeys } from '../../../app/session/session-queries';

export const REVIEW_LIST_URL = '/api/review/list';
export const REVIEW_EXPORT_URL = '/api/review/list/export';
export const REVIEW_FILE_URL = '/api/review/file';

export interface CaseListFilters {
  city?: string;
  ha?: string;
  beginDate?: string;
  endDate?: string;
  state?: number;
}

export type CaseListQuery = CaseListFilters & { pageIndex: number; pageSize: number };

export const reviewKeys = {
  all: () => [...sessionKeys.all('user'), 'review'] as const,
  list: (query: CaseListQuery) => [...reviewKeys.all(), 'list', query] as const,
  detail: (id: number) => [...reviewKeys.all(), 'detail', id] as const,
  objections: (query: CaseListQuery) => [...reviewKeys.all(), 'objections', query] as const,
  objection: (id: number) => [...reviewKeys.all(), 'objection', id] as const,
  unread: () => [...reviewKeys.all(), 'unread'] as const,
  objectionUnread: () => [...reviewKeys.all(), 'objection-unread'] as const,
};

const params = (q: CaseListFilters & Partial<Pick<CaseListQuery, 'pageIndex' | 'pageSize'>>): QueryParams => ({ ...q });

/** GET /api/review/unread-count, refreshed every minute. */
export function useReviewUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.unread(),
    queryFn: ({ signal }) => api.get<number>('/api/review/unread-count', undefined, { signal, notifyErrors: false }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useReviewList(query: CaseListQuery) {
  return useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<ReviewListRow>>(REVIEW_LIST_URL, params(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewDetail(id: number | null) {
  return useQuery({
    queryKey: reviewKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<AppraisalCaseRecord>('/api/review/get', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });
}

export function exportReviews(filters: CaseListFilters) {
  return api.download(REVIEW_EXPORT_URL, params(filters), '人工复评记录.xlsx');
}

/** Downloads an attachment through a single-use download link. */
export function openReviewFile(id: number, index: number): Promise<void> {
  return api.openDownload(REVIEW_FILE_URL, { id, index });
}

export interface ReviewRequest {
  initiate: ReviewInitiate;
  sourceId: string | number;
  reason: 1 | 2 | 3;
  otherReason: string;
  remark: string;
  /** The proposed price in yuan; left out when the user gave none. */
  actualPrice?: number;
  files: File[];
}

export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (r: ReviewRequest) => {
      const form = new FormData();
      form.append('initiate', String(r.initiate));
      form.append('sourceId', String(r.sourceId));
      form.append('reason', String(r.reason));
      form.append('otherReason', r.reason === 3 ? r.otherReason : '');
      form.append('remark', r.remark);
      if (r.actualPrice !== undefined) form.append('actualPrice', String(r.actualPrice));
      for (const f of r.files) form.append('files', f, f.name);
      return api.post<{ id: number; caseNo: string }>('/api/review/add', form, { multipart: true });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
}

export function useReadReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ read: boolean }>('/api/review/read', { id }, { notifyErrors: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
}

export function useObjectionList(query: CaseListQuery) {
  return useQuery({
    queryKey: reviewKeys.objections(query),
    queryFn: ({ signal }) => api.get<Paged<ObjectionListRow>>('/api/objection/list', params(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useObjectionDetail(id: number | null) {
  return useQuery({
    queryKey: reviewKeys.objection(id ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ objection: AppraisalCaseView; record: EvalRecord | null }>('/api/objection/detail', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });
}

/** GET /api/objection/unread-count: the user's completed objections whose reply it has not opened; refreshed every minute. */
export function useObjectionUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.objectionUnread(),
    queryFn: ({ signal }) => api.get<number>('/api/objection/unread-count', undefined, { signal, notifyErrors: false }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** Marks the reply of an objection of the user's own read, then refreshes the list and the counts. */
export function useReadObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ read: boolean }>('/api/objection/read', { id }, { notifyErrors: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
}

/** price: a positive integer in the objection unit (万元 sale, 元/月 rent). */
export function useAddObjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (r: { evalCode: string; price: number; type: 1 | 2 }) =>
      api.post<{ id: number; caseNo: string }>('/api/objection/add', r, { json: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all() }),
  });
}
