import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessView, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';

export const BUSINESS_URL = {
  page: '/api/business/pageable',
  add: '/api/business/add',
  update: '/api/business/update',
  delete: '/api/business/del',
} as const;

/** Under the key of the quick valuation's business select too, so a change shows there at once. */
export const businessKeys = {
  all: () => ['business'] as const,
  page: (pageIndex: number, pageSize: number) => [...businessKeys.all(), 'pageable', pageIndex, pageSize] as const,
};

export function useBusinessPage(pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: businessKeys.page(pageIndex, pageSize),
    queryFn: ({ signal }) => api.get<Paged<BusinessView>>(BUSINESS_URL.page, { pageIndex, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useBusinessMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessKeys.all() }),
  });
}

/** Add and edit failures are shown in the dialog, not by the client. */
export const useAddBusiness = () =>
  useBusinessMutation((v: { name: string; remark: string }) => api.post<BusinessView>(BUSINESS_URL.add, v, { notifyErrors: false }));

export const useEditBusiness = () =>
  useBusinessMutation((v: { id: number; name: string; remark: string }) =>
    api.post<BusinessView>(BUSINESS_URL.update, v, { notifyErrors: false }),
  );

export const useDeleteBusiness = () => useBusinessMutation((id: number) => api.post<null>(BUSINESS_URL.delete, { id }));
