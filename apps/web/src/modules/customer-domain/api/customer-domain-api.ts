import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerCompanyOption, CustomerDomainView, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const CUSTOMER_DOMAIN_URL = {
  list: '/api/tenant/customer-domain/pageable',
  add: '/api/tenant/customer-domain/add',
  update: '/api/tenant/customer-domain/update',
  delete: '/api/tenant/customer-domain/delete',
  companies: '/api/tenant/customer-company/list',
} as const;

export const customerDomainKeys = {
  all: () => [...sessionKeys.all('tenant'), 'customer-domain'] as const,
  list: (pageIndex: number, pageSize: number) => [...customerDomainKeys.all(), 'list', pageIndex, pageSize] as const,
  companies: () => [...sessionKeys.all('tenant'), 'customer-company', 'list'] as const,
};

export function useCustomerDomains(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: customerDomainKeys.list(pageIndex, pageSize),
    queryFn: ({ signal }) => api.get<Paged<CustomerDomainView>>(CUSTOMER_DOMAIN_URL.list, { pageIndex, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerCompanies(enabled: boolean) {
  return useQuery({
    queryKey: customerDomainKeys.companies(),
    queryFn: ({ signal }) => api.get<CustomerCompanyOption[]>(CUSTOMER_DOMAIN_URL.companies, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

function useDomainMutation<V>(send: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerDomainKeys.all() }),
  });
}

/** Add and edit failures are shown by the page with the spec's messages, not by the client. */
export const useApplyDomain = () =>
  useDomainMutation((v: { companyId: number; domain: string }) =>
    api.post<CustomerDomainView>(CUSTOMER_DOMAIN_URL.add, v, { json: true, notifyErrors: false }),
  );

export const useEditDomain = () =>
  useDomainMutation((v: { id: number; companyId: number; domain: string; version: number }) =>
    api.post<CustomerDomainView>(CUSTOMER_DOMAIN_URL.update, v, { notifyErrors: false }),
  );

export const useDeleteDomain = () => useDomainMutation((id: number) => api.post<null>(CUSTOMER_DOMAIN_URL.delete, { id }));
