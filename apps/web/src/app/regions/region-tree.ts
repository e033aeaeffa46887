import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegionTreeNode } from '@valuation/contracts';
import { useCallback } from 'react';
import { api } from '../api/client';
import { sessionKeys } from '../session/session-queries';

/** The province, city and district tree is reference data: fetched once per session and kept. */
const regionTreeQuery = {
  queryKey: [...sessionKeys.all('user'), 'region-tree'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<RegionTreeNode[]>('/api/region/tree', { level: 3 }, { signal, notifyErrors: false }),
  staleTime: Infinity,
  gcTime: Infinity,
};

/** The region tree for pickers (the region cascade of the list filters). */
export function useRegionTree(enabled = true) {
  return useQuery({ ...regionTreeQuery, enabled });
}

/** Loads the region tree from the same cache when a caller needs it outside rendering. */
export function useRegionTreeFetcher() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(regionTreeQuery), [queryClient]);
}
