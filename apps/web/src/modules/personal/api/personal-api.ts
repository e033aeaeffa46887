import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderRow, OwnBalance, Paged, PasswordChangeRequest, ProfileEditRequest, UserStatistics } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { POPULATIONS } from '../../../app/session/population';
import { sessionKeys } from '../../../app/session/session-queries';

export const personalKeys = {
  statistics: () => [...sessionKeys.all('user'), 'statistics'] as const,
  balance: () => [...sessionKeys.all('user'), 'balance'] as const,
  orders: (pageIndex: number, pageSize: number) => [...sessionKeys.all('user'), 'orders', pageIndex, pageSize] as const,
};

/** Counts of quick, advisory, inquiry and batch valuations of the logged-in account. */
export function useUserStatistics() {
  return useQuery({
    queryKey: personalKeys.statistics(),
    queryFn: ({ signal }) => api.get<UserStatistics>('/api/auth/user/statistics', undefined, { signal }),
  });
}

/** The remaining quota of the logged-in account. */
export function useOwnBalance() {
  return useQuery({
    queryKey: personalKeys.balance(),
    queryFn: ({ signal }) => api.get<OwnBalance>('/api/auth/user/login-user/balance', undefined, { signal }),
  });
}

/** Orders of a personal account, one page at a time. */
export function useOwnOrders(pageIndex: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: personalKeys.orders(pageIndex, pageSize),
    queryFn: ({ signal }) => api.get<Paged<OrderRow>>('/api/auth/user/login-user/orders', { pageIndex, pageSize }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useEditProfile(population: Population) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileEditRequest) => api.post<unknown>(POPULATIONS[population].endpoints.editProfile, { ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.loginUser(population) }),
  });
}

export function useChangePassword(population: Population) {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) => api.post<unknown>(POPULATIONS[population].endpoints.updatePassword, { ...body }),
  });
}
