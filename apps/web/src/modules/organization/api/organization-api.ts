import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgInfo, OrgNodeView, OrgTreeNodeView } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { ApiError } from '../../../app/api/api-error';
import { bearerToken, buildRequestUrl } from '../../../app/api/request-url';
import { sessionKeys } from '../../../app/session/session-queries';
import { readToken, writeToken } from '../../../app/session/token-cookies';
import { infoBody, type OrgInfoSave } from '../model/org-info-form';

export const ORGANIZATION_URL = {
  tree: '/api/auth/org/findMOrgs',
  info: '/api/auth/org/findInfoById',
  images: '/api/auth/org/images',
  add: '/api/auth/org/add',
  edit: '/api/auth/org/edit',
  move: '/api/auth/org/changePid',
  delete: '/api/auth/org/delete',
} as const;

export const organizationKeys = {
  all: () => [...sessionKeys.all('user'), 'organization'] as const,
  tree: () => [...organizationKeys.all(), 'tree'] as const,
  info: (orgId: number) => [...organizationKeys.all(), 'info', orgId] as const,
  license: (orgId: number, file: string) => [...organizationKeys.all(), 'license', orgId, file] as const,
};

export function useOrgTree() {
  return useQuery({
    queryKey: organizationKeys.tree(),
    queryFn: ({ signal }) => api.get<OrgTreeNodeView[]>(ORGANIZATION_URL.tree, undefined, { signal }),
  });
}

export function useOrgInfo(orgId: number | null) {
  return useQuery({
    queryKey: organizationKeys.info(orgId ?? 0),
    queryFn: ({ signal }) => api.get<OrgInfo>(ORGANIZATION_URL.info, { orgId: orgId! }, { signal }),
    enabled: orgId !== null,
    /* The form is built from this answer; a background refetch must not replace what is being typed. */
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The stored licence image, fetched with the user token (an <img> cannot send it); keyed by its file name. */
export function useOrgLicense(orgId: number, file: string | null) {
  return useQuery({
    queryKey: organizationKeys.license(orgId, file ?? ''),
    enabled: file !== null,
    staleTime: Infinity,
    retry: 1,
    queryFn: async ({ signal }) => {
      const token = readToken('user');
      const response = await fetch(buildRequestUrl(ORGANIZATION_URL.images, { orgId }, Date.now()), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'include',
        signal,
      });
      const refreshed = bearerToken(response.headers.get('Authorization'));
      if (refreshed && token) writeToken('user', refreshed);
      if (!response.ok) throw new ApiError('response', response.status, response.statusText);
      return response.blob();
    },
  });
}

/** Changes of the tree's shape or names: the tree is fetched again afterwards, whatever the answer. */
function useTreeMutation<V>(send: (v: V) => Promise<OrgNodeView | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all() }),
  });
}

export const useAddOrg = () =>
  useTreeMutation((v: { parentId: number; name?: string }) => api.post<OrgNodeView>(ORGANIZATION_URL.add, { ...v }));

export const useRenameOrg = () =>
  useTreeMutation((v: { id: number; parentId: number | null; name: string }) =>
    api.post<OrgNodeView>(ORGANIZATION_URL.edit, { id: v.id, name: v.name, ...(v.parentId === null ? {} : { parentId: v.parentId }) }),
  );

export const useMoveOrg = () =>
  useTreeMutation((v: { orgId: number; parentId: number }) => api.post<OrgNodeView>(ORGANIZATION_URL.move, { ...v }));

export const useDeleteOrg = () => useTreeMutation((orgId: number) => api.post<null>(ORGANIZATION_URL.delete, { orgId, status: 3 }));

/** The information form; failures are shown by the form as 保存失败! with the server's reason. */
export const useSaveOrgInfo = () =>
  useTreeMutation((save: OrgInfoSave) =>
    api.post<OrgNodeView>(ORGANIZATION_URL.edit, infoBody(save), { multipart: true, notifyErrors: false }),
  );
