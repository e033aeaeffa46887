import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerCategoryOption, CustomerCategoryView, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const CUSTOMER_CATEGORY_URL = {
  page: '/api/tenant/customer-category/pageable',
  list: '/api/tenant/customer-category/list',
  add: '/api/tenant/customer-category/add',
  update: '/api/tenant/customer-category/update',
  delete: '/api/tenant/customer-category/delete',
} as const;

export const customerCategoryKeys = {
  all: () => [...sessionKeys.all('tenant'), 'customer-category'] as const,
  page: (pageIndex: number, pageSize: number) => [...customerCategoryKeys.all(), 'pageable', pageIndex, pageSize] as const,
  options: () => [...customerCategoryKeys.all(), 'list'] as const,
};

export function useCustomerCategoryPage(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: customerCategoryKeys.page(pageIndex, pageSize),
    queryFn: ({ signal }) => api.get<Paged<CustomerCategoryView>>(CUSTOMER_CATEGORY_URL.page, { pageIndex, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The channel's categories for a select (customer company form, statistics filter). */
export function useCustomerCategoryOptions(enabled = true) {
  return useQuery({
    queryKey: customerCategoryKeys.options(),
    queryFn: ({ signal }) => api.get<CustomerCategoryOption[]>(CUSTOMER_CATEGORY_URL.list, undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

function useCategoryMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...sessionKeys.all('tenant')] }),
  });
}

/** Add and edit are sent as JSON, as the spec says; their failures are shown in the dialog. */
export const useAddCustomerCategory = () =>
  useCategoryMutation((v: { name: string; remark: string }) =>
    api.post<CustomerCategoryView>(CUSTOMER_CATEGORY_URL.add, v, { json: true, notifyErrors: false }),
  );

export const useEditCustomerCategory = () =>
  useCategoryMutation((v: { id: number; name: string; remark: string }) =>
    api.post<CustomerCategoryView>(CUSTOMER_CATEGORY_URL.update, v, { json: true, notifyErrors: false }),
  );

export const useDeleteCustomerCategory = () => useCategoryMutation((id: number) => api.post<null>(CUSTOMER_CATEGORY_URL.delete, { id }));
