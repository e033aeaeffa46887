import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerCompanyOption, CustomerCompanyView, Paged } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { ApiError } from '../../../app/api/api-error';
import { bearerToken, buildRequestUrl } from '../../../app/api/request-url';
import { sessionKeys } from '../../../app/session/session-queries';
import { readToken, writeToken } from '../../../app/session/token-cookies';

export const CUSTOMER_COMPANY_URL = {
  page: '/api/tenant/customer-company/pageable',
  add: '/api/tenant/customer-company/add',
  update: '/api/tenant/customer-company/update',
  delete: '/api/tenant/customer-company/delete',
  images: '/api/tenant/customer-company/images',
  deleteImage: '/api/tenant/customer-company/images/delete',
  filter: '/api/tenant/customer-company/filter',
} as const;

export const customerCompanyKeys = {
  all: () => [...sessionKeys.all('tenant'), 'customer-company'] as const,
  page: (query: Readonly<Record<string, string>>, pageIndex: number, pageSize: number) =>
    [...customerCompanyKeys.all(), 'pageable', query, pageIndex, pageSize] as const,
  licence: (companyId: number, name: string) => [...customerCompanyKeys.all(), 'licence', companyId, name] as const,
  filter: () => [...customerCompanyKeys.all(), 'filter'] as const,
};

/** The channel's customer companies (id and name) for the customer company filter of list pages. */
export function useCustomerCompanyOptions() {
  return useQuery({
    queryKey: customerCompanyKeys.filter(),
    queryFn: ({ signal }) => api.get<CustomerCompanyOption[]>(CUSTOMER_COMPANY_URL.filter, undefined, { signal }),
    staleTime: 60_000,
  });
}

export function useCustomerCompanyPage(query: Readonly<Record<string, string>>, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: customerCompanyKeys.page(query, pageIndex, pageSize),
    queryFn: ({ signal }) => api.get<Paged<CustomerCompanyView>>(CUSTOMER_COMPANY_URL.page, { ...query, pageIndex, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The bytes of a stored licence, fetched with the tenant token (an <img> cannot send it). */
async function fetchLicence(companyId: number, signal: AbortSignal): Promise<Blob> {
  const token = readToken('tenant');
  const response = await fetch(buildRequestUrl(CUSTOMER_COMPANY_URL.images, { companyId }, Date.now()), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  });
  const refreshed = bearerToken(response.headers.get('Authorization'));
  if (refreshed && token) writeToken('tenant', refreshed);
  if (!response.ok) throw new ApiError('response', response.status, response.statusText);
  return response.blob();
}

/** The stored licence of a company; keyed by its file name, so a replaced licence is fetched again. */
export function licenceQuery(companyId: number, name: string) {
  return queryOptions({
    queryKey: customerCompanyKeys.licence(companyId, name),
    queryFn: ({ signal }) => fetchLicence(companyId, signal),
    staleTime: Infinity,
    retry: 1,
  });
}

function useCompanyMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...sessionKeys.all('tenant')] }),
  });
}

/** The multipart body of add and update: the checked fields, the id on update, and a newly picked licence. */
export interface CompanySave {
  id: number | null;
  fields: Readonly<Record<string, string | number | undefined>>;
  licence: File | null;
}

function saveBody({ id, fields, licence }: CompanySave): Record<string, string | number | File> {
  const body: Record<string, string | number | File> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[k] = v;
  if (id !== null) body.id = id;
  if (licence) body.licenseFile = licence;
  return body;
}

/** Add and update; their failures are shown in the form. */
export const useSaveCustomerCompany = () =>
  useCompanyMutation((save: CompanySave) =>
    api.post<CustomerCompanyView>(save.id === null ? CUSTOMER_COMPANY_URL.add : CUSTOMER_COMPANY_URL.update, saveBody(save), {
      multipart: true,
      notifyErrors: false,
    }),
  );

export const useDeleteCustomerCompany = () => useCompanyMutation((id: number) => api.post<null>(CUSTOMER_COMPANY_URL.delete, { id }));

export const useDeleteLicence = () =>
  useCompanyMutation((companyId: number) => api.post<CustomerCompanyView>(CUSTOMER_COMPANY_URL.deleteImage, { companyId }));
