import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppraisalCaseRecord, AppraisalCaseView, ArtificialSubmitted, Paged } from '@valuation/contracts';
import type { ArtificialListRow } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const ARTIFICIAL_EXPORT_URL = '/api/artificial/list/export';

/** Filters of the manual inquiry list as the query sends them (blank ones left out). */
export interface ArtificialListParams {
  city?: string;
  location?: string;
  beginDate?: string;
  endDate?: string;
  status?: number;
  pageIndex: number;
  pageSize: number;
}

export const artificialKeys = {
  all: () => [...sessionKeys.all('user'), 'artificial'] as const,
  list: (q: ArtificialListParams) => [...artificialKeys.all(), 'list', q] as const,
  detail: (id: number) => [...artificialKeys.all(), 'detail', id] as const,
  unread: () => [...artificialKeys.all(), 'unread-count'] as const,
};

export function useArtificialList(q: ArtificialListParams) {
  return useQuery({
    queryKey: artificialKeys.list(q),
    queryFn: ({ signal }) => api.get<Paged<ArtificialListRow>>('/api/artificial/list', { ...q }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useArtificialCase(id: number | null) {
  return useQuery({
    queryKey: artificialKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<AppraisalCaseRecord>('/api/artificial/get', { id: id ?? 0 }, { signal }),
    enabled: id !== null && id > 0,
  });
}

/** Answered manual enquiries the user has not opened; refreshed every minute. */
export function useArtificialUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: artificialKeys.unread(),
    queryFn: ({ signal }) => api.get<number>('/api/artificial/unread-count', undefined, { signal, notifyErrors: false }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** Marks an answered enquiry of the user's own read, then refreshes the list and the counts. */
export function useMarkArtificialRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<AppraisalCaseView>('/api/artificial/read', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: artificialKeys.all() }),
  });
}

/** Files a manual enquiry (multipart); resolves with the server's message (提交成功 or already submitted). */
export function useSubmitArtificial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ url, form }: { url: '/api/artificial/add' | '/api/artificial/idadd'; form: FormData }) => {
      const envelope = await api.request<ArtificialSubmitted>('POST', url, { body: form, multipart: true });
      return { data: envelope.data, message: envelope.message };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: artificialKeys.all() }),
  });
}

export function exportArtificialList(filters: Omit<ArtificialListParams, 'pageIndex' | 'pageSize'>) {
  return api.download(ARTIFICIAL_EXPORT_URL, { ...filters }, '人工询价.xlsx');
}

/** Withdraws a pending enquiry of the user's own before an appraiser claims it; resolves with the server's message. */
export function useWithdrawArtificial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const envelope = await api.request<AppraisalCaseView>('POST', '/api/artificial/withdraw', { body: { id } });
      return { data: envelope.data, message: envelope.message };
    },
    onSettled: () => client.invalidateQueries({ queryKey: artificialKeys.all() }),
  });
}
