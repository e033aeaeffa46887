import type { Population } from '@valuation/domain';
import { useListState, type ListStateOptions } from '@valuation/ui';
import { useRegionTree } from '../regions/region-tree';
import { useGrantedPermissions } from '../session/session-queries';

/**
 * What a list page hands the kit's ListPage besides its own columns and request: the filters and
 * page kept in the URL, the permissions of the population, and the region tree when a filter picks a
 * region or suggests city names.
 */
export function useListView(population: Population, options: ListStateOptions) {
  const state = useListState(options);
  const { granted } = useGrantedPermissions(population);
  const regions = useRegionTree(
    population,
    options.fields.some((f) => f.kind === 'region' || (f.kind === 'text' && f.suggest === 'cityNames')),
  );
  return { state, granted, regionTree: regions.data };
}
