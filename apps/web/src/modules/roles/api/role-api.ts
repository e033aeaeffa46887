import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, PermissionResource, RoleDetail, RoleRow } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import type { RoleSide } from '../model/role-sides';

export const roleKeys = {
  all: (side: RoleSide) => [...sessionKeys.all(side.population), 'roles', side.name] as const,
  list: (side: RoleSide, query: Record<string, string | number>) => [...roleKeys.all(side), 'list', query] as const,
  detail: (side: RoleSide, id: number) => [...roleKeys.all(side), 'detail', id] as const,
  tree: (side: RoleSide) => [...roleKeys.all(side), 'tree'] as const,
};

export function useRoles(side: RoleSide, query: Record<string, string | number>) {
  return useQuery({
    queryKey: roleKeys.list(side, query),
    queryFn: ({ signal }) => api.get<Paged<RoleRow>>(side.urls.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRoleDetail(side: RoleSide, id: number | null) {
  return useQuery({
    queryKey: roleKeys.detail(side, id ?? 0),
    queryFn: ({ signal }) => api.get<RoleDetail>(side.urls.detail, { roleId: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}

/** The permissions the user may put into roles of the side, as the editor's groups. */
export function usePermissionTree(side: RoleSide) {
  return useQuery({
    queryKey: roleKeys.tree(side),
    queryFn: ({ signal }) => api.get<PermissionResource[]>(side.urls.tree, undefined, { signal }),
  });
}

export type RoleSave = {
  id?: number;
  name: string;
  remark: string;
  permissions: number[];
};

/** Saving a role may change the user's own permissions (a role it holds), so they are fetched again. */
export function useSaveRole(side: RoleSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: RoleSave) => api.post<RoleDetail>(v.id === undefined ? side.urls.add : side.urls.edit, v, { json: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all(side) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.permissions(side.population) }),
      ]),
  });
}

export function useDeleteRole(side: RoleSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => api.post<null>(side.urls.delete, { roleId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.all(side) }),
  });
}
