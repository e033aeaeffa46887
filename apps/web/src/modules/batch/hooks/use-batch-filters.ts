import type { BatchListQuery } from '@valuation/contracts';
import { useCallback, useMemo, useState } from 'react';
import { BATCH_PAGE_SIZES, batchFilterQuery, initialBatchFilters, type BatchFilterForm } from './batch-filters';

/**
 * Filters being edited, the filters applied to the list and the page. Searching applies the
 * edited filters from page 1; resetting restores the defaults (last 3 months) and searches.
 */
export function useBatchFilters() {
  const [draft, setDraft] = useState<BatchFilterForm>(() => initialBatchFilters());
  const [applied, setApplied] = useState<BatchFilterForm>(draft);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(BATCH_PAGE_SIZES[0]);

  const update = useCallback(<K extends keyof BatchFilterForm>(key: K, value: BatchFilterForm[K]) => setDraft((d) => ({ ...d, [key]: value })), []);
  const search = useCallback(() => {
    setApplied(draft);
    setPageIndex(1);
  }, [draft]);
  const reset = useCallback(() => {
    const initial = initialBatchFilters();
    setDraft(initial);
    setApplied(initial);
    setPageIndex(1);
  }, []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPageIndex(1);
  }, []);

  const listQuery = useMemo<BatchListQuery>(() => ({ ...batchFilterQuery(applied), pageIndex, pageSize }), [applied, pageIndex, pageSize]);

  return { draft, update, search, reset, listQuery, pageIndex, setPageIndex, pageSize, setPageSize };
}
