import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllocationList, UserBalanceList } from '@valuation/contracts';
import type { UserBalanceAllocate, UserBalanceDefault, UserBalanceRevoke } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { personalKeys } from '../../personal/api/personal-api';
import type { AllocationListFilter, BalanceListFilter } from '../model/balance-lists';

export const USER_BALANCE_URL = {
  list: '/api/user-balance/list',
  defaults: '/api/user-balance/default',
  allocate: '/api/user-balance/allocate',
  revoke: '/api/user-balance/revoke',
  allocations: '/api/user-balance/allocate/list',
  allocationsExport: '/api/user-balance/allocate/list/export',
} as const;

export const userBalanceKeys = {
  all: () => [...sessionKeys.all('user'), 'user-balance'] as const,
  list: (query: BalanceListFilter & { pageIndex: number; pageSize: number }) => [...userBalanceKeys.all(), 'list', query] as const,
  allocations: (query: AllocationListFilter & { pageIndex: number; pageSize: number }) =>
    [...userBalanceKeys.all(), 'allocations', query] as const,
};

/** One page of the accounts of the ticked organisations with their counts, and what the caller can allocate. */
export function useUserBalances(query: BalanceListFilter & { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: userBalanceKeys.list(query),
    queryFn: ({ signal }) => api.get<UserBalanceList>(USER_BALANCE_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: query.organizationIds.length > 0,
  });
}

/** One page of the allocations and revokes in the ticked organisations, and their net totals. */
export function useAllocations(query: AllocationListFilter & { pageIndex: number; pageSize: number }) {
  return useQuery({
    queryKey: userBalanceKeys.allocations(query),
    queryFn: ({ signal }) => api.get<AllocationList>(USER_BALANCE_URL.allocations, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled: query.organizationIds.length > 0,
  });
}

/** Downloads the .xlsx of the allocation records matching the filters. */
export function exportAllocations(filter: AllocationListFilter) {
  return api.download(USER_BALANCE_URL.allocationsExport, { ...filter }, '分配记录.xlsx');
}

/** After a change of counts: the lists, the totals and the caller's own remaining quota are read again. */
function useBalanceMutation<V>(send: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userBalanceKeys.all() }),
        queryClient.invalidateQueries({ queryKey: personalKeys.balance() }),
      ]),
  });
}

/** Allocation and defaults: their failures are shown in the dialog. */
export const useAllocate = () =>
  useBalanceMutation((body: UserBalanceAllocate) =>
    api.post<null>(USER_BALANCE_URL.allocate, { ...body }, { json: true, notifyErrors: false }),
  );

export const useSaveDefaults = () =>
  useBalanceMutation((body: UserBalanceDefault) =>
    api.post<null>(USER_BALANCE_URL.defaults, { ...body }, { json: true, notifyErrors: false }),
  );

/** Revoke: a failure is shown by the API client's toast. */
export const useRevoke = () =>
  useBalanceMutation((body: UserBalanceRevoke) => api.post<null>(USER_BALANCE_URL.revoke, { ...body }, { json: true }));
