import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeyView, Paged } from '@valuation/contracts';
import type { ApiKeyAdd, ApiKeyListQuery } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const API_KEY_URL = {
  list: '/api/api-key/list',
  add: '/api/api-key/add',
  revoke: '/api/api-key/revoke',
} as const;

export type ApiKeyListRequest = Partial<Pick<ApiKeyListQuery, 'name' | 'state'>> & Pick<ApiKeyListQuery, 'pageIndex' | 'pageSize'>;

export const apiKeyKeys = {
  all: () => [...sessionKeys.all('user'), 'api-keys'] as const,
  list: (query: ApiKeyListRequest) => [...apiKeyKeys.all(), 'list', query] as const,
};

export function useApiKeys(query: ApiKeyListRequest) {
  return useQuery({
    queryKey: apiKeyKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<ApiKeyView>>(API_KEY_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useApiKeyMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all() }) });
}

/** Adds a key; the answer holds its secret, shown once. Failures are shown in the dialog. */
export const useAddApiKey = () =>
  useApiKeyMutation((v: ApiKeyAdd) =>
    api.post<ApiKeyCreated>(
      API_KEY_URL.add,
      { name: v.name, scopes: [...v.scopes], rateLimitPerMinute: v.rateLimitPerMinute },
      { notifyErrors: false },
    ),
  );

export const useRevokeApiKey = () => useApiKeyMutation((id: number) => api.post<ApiKeyView>(API_KEY_URL.revoke, { id }));
