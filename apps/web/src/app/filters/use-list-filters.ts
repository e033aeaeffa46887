import { useCallback, useMemo, useState } from 'react';

export interface ListFilterOptions<F, Q> {
  /** The filters a list starts with and returns to on reset. */
  initial: () => F;
  /** The query parameters of the applied filters (empty values dropped). */
  toQuery: (filters: F) => Q;
  pageSizes: readonly number[];
  /** The filters of the first search, when they differ from the reset defaults (a route query). */
  first?: F;
}

/**
 * Filters being edited, the filters applied to a list and the page. Searching applies the edited
 * filters from page 1; resetting restores the defaults and searches; a new page size starts at 1.
 */
export function useListFilters<F extends object, Q extends object>({ initial, toQuery, pageSizes, first }: ListFilterOptions<F, Q>) {
  const [draft, setDraft] = useState<F>(() => first ?? initial());
  const [applied, setApplied] = useState<F>(draft);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(pageSizes[0]);

  const update = useCallback(<K extends keyof F>(key: K, value: F[K]) => setDraft((d) => ({ ...d, [key]: value })), []);
  const search = useCallback(() => {
    setApplied(draft);
    setPageIndex(1);
  }, [draft]);
  const reset = useCallback(() => {
    const defaults = initial();
    setDraft(defaults);
    setApplied(defaults);
    setPageIndex(1);
  }, [initial]);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPageIndex(1);
  }, []);

  const filterQuery = useMemo(() => toQuery(applied), [toQuery, applied]);
  const listQuery = useMemo(() => ({ ...filterQuery, pageIndex, pageSize }), [filterQuery, pageIndex, pageSize]);

  return { draft, update, setDraft, search, reset, filterQuery, listQuery, pageIndex, setPageIndex, pageSize, setPageSize };
}
