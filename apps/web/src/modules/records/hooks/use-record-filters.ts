import { useListFilters } from '../../../app/filters/use-list-filters';
import { initialRecordFilters, RECORD_PAGE_SIZES, recordFilterQuery } from './record-filters';

const reset = () => initialRecordFilters();

/** The record list's filters and page; `initialType` comes from the route query. */
export function useRecordFilters(initialType?: string | null) {
  return useListFilters({
    initial: reset,
    toQuery: recordFilterQuery,
    pageSizes: RECORD_PAGE_SIZES,
    first: initialRecordFilters(initialType),
  });
}
