import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegionTreeNode } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { useCallback } from 'react';
import { api } from '../api/client';
import { sessionKeys } from '../session/session-queries';

/** The province, city and district tree is reference data: fetched once per session of each population and kept. */
const regionTreeQuery = (population: Population) => ({
  queryKey: [...sessionKeys.all(population), 'region-tree'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<RegionTreeNode[]>('/api/region/tree', { level: 3 }, { signal, notifyErrors: false, population }),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The region tree for pickers (the region cascade of the list filters), with the signed-in population's token. */
export function useRegionTree(population: Population, enabled = true) {
  return useQuery({ ...regionTreeQuery(population), enabled });
}

/** Loads the region tree from the same cache when a caller needs it outside rendering. */
export function useRegionTreeFetcher(population: Population) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(regionTreeQuery(population)), [queryClient, population]);
}
