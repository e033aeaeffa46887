import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountCreated,
  AccountDetail,
  AccountRow,
  CustomerCompanyOption,
  OrgTreeNodeView,
  Paged,
  RoleOption,
} from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { ORGANIZATION_URL, organizationKeys } from '../../organization/api/organization-api';
import type { AccountSide } from '../model/account-sides';

export const accountKeys = {
  all: (side: AccountSide) => [...sessionKeys.all(side.population), 'accounts', side.name] as const,
  list: (side: AccountSide, query: Record<string, unknown>) => [...accountKeys.all(side), 'list', query] as const,
  detail: (side: AccountSide, id: number) => [...accountKeys.all(side), 'detail', id] as const,
  roles: (side: AccountSide) => [...accountKeys.all(side), 'roles'] as const,
  companies: () => [...sessionKeys.all('tenant'), 'customer-company', 'list'] as const,
};

const kindOf = (side: AccountSide) => (side.accountKind ? { accountKind: side.accountKind } : {});

export function useAccounts(side: AccountSide, query: Record<string, string | number | number[]>, enabled = true) {
  return useQuery({
    queryKey: accountKeys.list(side, query),
    queryFn: ({ signal }) => api.get<Paged<AccountRow>>(side.urls.list, query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAccountDetail(side: AccountSide, id: number | null) {
  return useQuery({
    queryKey: accountKeys.detail(side, id ?? 0),
    queryFn: ({ signal }) => api.get<AccountDetail>(side.urls.detail, { userId: id ?? 0, ...kindOf(side) }, { signal }),
    enabled: id !== null,
  });
}

/** The side's roles for the list's role filter. */
export function useRoleOptions(side: AccountSide) {
  return useQuery({
    queryKey: accountKeys.roles(side),
    queryFn: ({ signal }) => api.get<RoleOption[]>(side.urls.roles, undefined, { signal }),
  });
}

/** The organisations the user may pick on the organisation side (the organisation page's tree query, shared). */
export function useOrganisationTree(enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.tree(),
    queryFn: ({ signal }) => api.get<OrgTreeNodeView[]>(ORGANIZATION_URL.tree, undefined, { signal }),
    enabled,
  });
}

export function useCustomerCompanies(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.companies(),
    queryFn: ({ signal }) => api.get<CustomerCompanyOption[]>('/api/tenant/customer-company/list', undefined, { signal }),
    enabled,
  });
}

export function useSaveAccount(side: AccountSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, edit }: { request: Record<string, unknown>; edit: boolean }) =>
      edit
        ? api.post<AccountRow>(side.urls.edit, request, { json: true }).then((row) => row.id)
        : api.post<AccountCreated>(side.urls.add, request, { json: true }).then((created) => created.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all(side) }),
  });
}

export function useChangeStatus(side: AccountSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: number; status: number }) =>
      api.post<null>(side.urls.status, { userId, status, ...kindOf(side) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all(side) }),
  });
}

export function useAssignRoles(side: AccountSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleIds }: { userId: number; roleIds: number[] }) =>
      api.post<null>(side.urls.assign, { userId, roleIds: roleIds.join(','), ...kindOf(side) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all(side) }),
  });
}
