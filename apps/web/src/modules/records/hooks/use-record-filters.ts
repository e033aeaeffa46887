import type { EvalListQuery } from '@valuation/contracts';
import { useCallback, useMemo, useState } from 'react';
import { initialRecordFilters, RECORD_PAGE_SIZES, recordFilterQuery, type RecordFilterForm } from './record-filters';

/**
 * Filters being edited, the filters applied to the list and the page. Searching applies the
 * edited filters from page 1; resetting restores the defaults (last 3 months) and searches.
 */
export function useRecordFilters(initialType?: string | null) {
  const [draft, setDraft] = useState<RecordFilterForm>(() => initialRecordFilters(initialType));
  const [applied, setApplied] = useState<RecordFilterForm>(draft);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(RECORD_PAGE_SIZES[0]);

  const update = useCallback(<K extends keyof RecordFilterForm>(key: K, value: RecordFilterForm[K]) => setDraft((d) => ({ ...d, [key]: value })), []);
  const search = useCallback(() => {
    setApplied(draft);
    setPageIndex(1);
  }, [draft]);
  const reset = useCallback(() => {
    const initial = initialRecordFilters();
    setDraft(initial);
    setApplied(initial);
    setPageIndex(1);
  }, []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPageIndex(1);
  }, []);

  const filterQuery = useMemo(() => recordFilterQuery(applied), [applied]);
  const listQuery = useMemo<EvalListQuery>(() => ({ ...filterQuery, pageIndex, pageSize }), [filterQuery, pageIndex, pageSize]);

  return { draft, update, setDraft, search, reset, filterQuery, listQuery, pageIndex, setPageIndex, pageSize, setPageSize };
}
