import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DriftAlertReadResult, DriftAlertView, DriftRuleView, Paged, RevalItemView, RevalRunView } from '@valuation/contracts';
import type { DriftRule } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const REVAL_URL = {
  run: '/api/reval/run',
  runs: '/api/reval/runs',
  items: '/api/reval/items',
  alerts: '/api/reval/alerts',
  alertsExport: '/api/reval/alerts/export',
  alertsUnread: '/api/reval/alerts/unread',
  alertsRead: '/api/reval/alerts/read',
  rule: '/api/reval/rule',
} as const;

/** Pages showing a run being valued ask again this often. */
export const REVAL_POLL_MS = 2000;

export interface RevalRunsQuery {
  state?: number;
  pageIndex: number;
  pageSize: number;
}

export interface RevalItemsQuery {
  runId: number;
  /** A name of REVAL_ITEM_STATE_NAMES. */
  state?: string;
  pageIndex: number;
  pageSize: number;
}

export interface DriftAlertsQuery {
  kind?: string;
  runId?: number;
  loanNo?: string;
  pageIndex: number;
  pageSize: number;
}

export const revalKeys = {
  all: () => [...sessionKeys.all('user'), 'reval'] as const,
  runs: (q: RevalRunsQuery) => [...revalKeys.all(), 'runs', q] as const,
  run: (id: number) => [...revalKeys.all(), 'run', id] as const,
  items: (q: RevalItemsQuery) => [...revalKeys.all(), 'items', q] as const,
  alerts: (q: DriftAlertsQuery) => [...revalKeys.all(), 'alerts', q] as const,
  unread: () => [...revalKeys.all(), 'alerts-unread'] as const,
  rule: () => [...revalKeys.all(), 'rule'] as const,
};

/** One page of the runs; polled while one on it is being valued. */
export function useRevalRuns(query: RevalRunsQuery) {
  return useQuery({
    queryKey: revalKeys.runs(query),
    queryFn: ({ signal }) => api.get<Paged<RevalRunView>>(REVAL_URL.runs, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.state === 1) ? REVAL_POLL_MS : false),
  });
}

/** One run; polled while it is being valued. */
export function useRevalRun(id: number) {
  return useQuery({
    queryKey: revalKeys.run(id),
    queryFn: ({ signal }) => api.get<RevalRunView>(REVAL_URL.run, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (q.state.data?.state === 1 ? REVAL_POLL_MS : false),
  });
}

export function useRevalItems(query: RevalItemsQuery, enabled: boolean) {
  return useQuery({
    queryKey: revalKeys.items(query),
    queryFn: ({ signal }) => api.get<Paged<RevalItemView>>(REVAL_URL.items, { ...query }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDriftAlerts(query: DriftAlertsQuery) {
  return useQuery({
    queryKey: revalKeys.alerts(query),
    queryFn: ({ signal }) => api.get<Paged<DriftAlertView>>(REVAL_URL.alerts, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reval/alerts/unread: the bell's count, refreshed every minute like the other unread counts. */
export function useDriftAlertUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: revalKeys.unread(),
    queryFn: ({ signal }) => api.get<number>(REVAL_URL.alertsUnread, undefined, { signal, notifyErrors: false }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

/** Marks alerts read (some ids, or every unread one), then refreshes the list and the bell. */
export const useMarkDriftAlertsRead = () =>
  useRevalMutation((v: { ids: number[] } | { all: true }) => api.post<DriftAlertReadResult>(REVAL_URL.alertsRead, v, { json: true }));

export function useDriftRule(enabled = true) {
  return useQuery({
    queryKey: revalKeys.rule(),
    queryFn: ({ signal }) => api.get<DriftRuleView>(REVAL_URL.rule, {}, { signal }),
    enabled,
  });
}

function useRevalMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: revalKeys.all() }) });
}

/** Starts a revaluation of the whole asset book; a refusal (one running, no assets) shows the server's message. */
export const useStartReval = () => useRevalMutation(() => api.post<{ runId: number; total: number }>(REVAL_URL.run, {}));

/** Saves the drift rule; failures are shown in the dialog. */
export const useSaveDriftRule = () =>
  useRevalMutation((rule: DriftRule) => api.post<null>(REVAL_URL.rule, { ...rule }, { notifyErrors: false }));

/** Downloads the .xlsx of the alerts matching the filters. */
export function exportDriftAlerts(filters: Omit<DriftAlertsQuery, 'pageIndex' | 'pageSize'>) {
  return api.download(REVAL_URL.alertsExport, { ...filters }, '押品预警.xlsx');
}
