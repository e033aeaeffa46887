import { useListFilters } from '../../../app/filters/use-list-filters';
import { BATCH_PAGE_SIZES, batchFilterQuery, initialBatchFilters } from './batch-filters';

/** The batch task list's filters and page. */
export function useBatchFilters() {
  return useListFilters({ initial: initialBatchFilters, toQuery: batchFilterQuery, pageSizes: BATCH_PAGE_SIZES });
}
