import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EvalHistoryItem, EvalListQuery, EvalListRow, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const EVAL_LIST_URL = '/api/eval/list';
export const EVAL_EXPORT_URL = '/api/eval/export';

export const recordKeys = {
  all: () => [...sessionKeys.all('user'), 'eval-records'] as const,
  list: (query: EvalListQuery) => [...recordKeys.all(), 'list', query] as const,
  history: (evalRecordId: number) => [...recordKeys.all(), 'history', evalRecordId] as const,
};

/** One page of the valuation records matching the filters (already cleaned). */
export function useEvalRecords(query: EvalListQuery) {
  return useQuery({
    queryKey: recordKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<EvalListRow>>(EVAL_LIST_URL, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every valuation of the property of a record, newest first; fetched once the row is opened. */
export function useEvalHistory(evalRecordId: number, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.history(evalRecordId),
    queryFn: ({ signal }) => api.get<EvalHistoryItem[]>('/api/eval/history/list', { evalRecordId }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Downloads the .xlsx of the records matching the filters. */
export function exportEvalRecords(filters: Omit<EvalListQuery, 'pageIndex' | 'pageSize'>) {
  return api.download(EVAL_EXPORT_URL, { ...filters }, '估价记录.xlsx');
}
