import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppraisalCaseDetail, AppraisalCaseView, AppraisalCounts, AppraisalQueuePage } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import type { QueueQuery } from '../model/appraisal-queue-filters';

export const APPRAISAL_URL = {
  queue: '/api/tenant/appraisal/queue',
  counts: '/api/tenant/appraisal/counts',
  case: '/api/tenant/appraisal/case',
  file: '/api/tenant/appraisal/file',
  claim: '/api/tenant/appraisal/claim',
  release: '/api/tenant/appraisal/release',
  answer: '/api/tenant/appraisal/answer',
  refuse: '/api/tenant/appraisal/refuse',
} as const;

export const appraisalKeys = {
  all: () => [...sessionKeys.all('tenant'), 'appraisal'] as const,
  queue: (q: QueueQuery & { pageIndex: number; pageSize: number }) => [...appraisalKeys.all(), 'queue', q] as const,
  counts: () => [...appraisalKeys.all(), 'counts'] as const,
  case: (id: number) => [...appraisalKeys.all(), 'case', id] as const,
};

export function useAppraisalQueue(q: QueueQuery & { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: appraisalKeys.queue(q),
    queryFn: ({ signal }) => api.get<AppraisalQueuePage>(APPRAISAL_URL.queue, { ...q }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useAppraisalCounts(enabled = true) {
  return useQuery({
    queryKey: appraisalKeys.counts(),
    queryFn: ({ signal }) => api.get<AppraisalCounts>(APPRAISAL_URL.counts, undefined, { signal, notifyErrors: false }),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useAppraisalCase(id: number) {
  return useQuery({
    queryKey: appraisalKeys.case(id),
    queryFn: ({ signal }) => api.get<AppraisalCaseDetail>(APPRAISAL_URL.case, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export type AppraisalAction =
  | { action: 'claim' | 'release'; id: number; version: number }
  | { action: 'answer'; id: number; version: number; totalPrice?: number; unitPrice?: number; reply: string }
  | { action: 'refuse'; id: number; version: number; reason: string };

/**
 * Claim, release, answer or refuse with the version the appraiser saw. Errors are not toasted
 * here: the caller shows them (a conflict reloads the case). Every outcome refreshes the queue.
 */
export function useAppraisalAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: AppraisalAction) =>
      api.post<AppraisalCaseView>(APPRAISAL_URL[action], body, { json: true, notifyErrors: false }),
    onSettled: () => client.invalidateQueries({ queryKey: appraisalKeys.all() }),
  });
}

/** Downloads an attachment of a case under its own name. */
export function downloadCaseFile(id: number, index: number, name: string) {
  return api.download(APPRAISAL_URL.file, { id, index }, name);
}
