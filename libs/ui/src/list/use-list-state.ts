import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filterDefaults,
  filterQuery,
  filtersFromSearch,
  filtersToSearch,
  listKeys,
  pagingFromSearch,
  pagingToSearch,
  replaceListKeys,
  SORT_KEYS,
  sortFromSearch,
  sortToSearch,
  type FilterField,
  type FilterValues,
  type ListSort,
} from './list-filters';

export interface ListStateOptions {
  fields: readonly FilterField[];
  /** The page sizes the screen offers (the spec's list for the screen). */
  pageSizes: readonly number[];
  /** The size a fresh list shows; the first offered size when not given. */
  defaultPageSize?: number;
  /** The day the default date windows end; the business today when not given. */
  today?: Date | string;
  /** The fields the server may sort the list by (the sortable columns' keys); the list is not sortable without them. */
  sortFields?: readonly string[];
}

export interface ListState {
  fields: readonly FilterField[];
  /** The filters being edited in the bar. */
  draft: FilterValues;
  setDraft: (patch: Readonly<Record<string, string>>) => void;
  /** The filters of the list shown (the URL's). */
  applied: FilterValues;
  /** The applied filters as the list request sends them: empty, 0 and 'all' values dropped. */
  query: Record<string, string>;
  pageIndex: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** Applies the edited filters from page 1; false when that shows the same list (nothing changed). */
  search: () => boolean;
  /** Applies these filters (the defaults for the keys not given) from page 1, the bar showing them. */
  apply: (values: Readonly<Record<string, string>>) => void;
  /** Returns to the default filters on page 1, keeping the page size. */
  reset: () => void;
  setPageIndex: (page: number) => void;
  setPageSize: (size: number) => void;
  /** The server-side sort shown (the URL's), null for the server's own order. */
  sort: ListSort | null;
  /** Sorts from page 1 (null: the server's order); absent when the list is not sortable. */
  setSort?: (sort: ListSort | null) => void;
}

/** The entries of the keys a list owns, in a stable order. */
function ownParams(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const own = new URLSearchParams();
  for (const key of keys) for (const value of params.getAll(key)) own.append(key, value);
  return own;
}

/**
 * The filters, page and sort of a list page, kept in the URL: a reload, a shared link and the back
 * button show the same list. The bar edits a draft; 查询 writes it to the URL as a new history
 * entry; a URL change (back, forward, a link) replaces the draft.
 */
export function useListState({ fields, pageSizes, defaultPageSize, today, sortFields }: ListStateOptions): ListState {
  const [params, setParams] = useSearchParams();
  const [defaults] = useState(() => filterDefaults(fields, today));
  const firstSize = defaultPageSize ?? pageSizes[0];
  const sortable = sortFields !== undefined && sortFields.length > 0;
  const sortKey = sortFields?.join(',') ?? '';

  const ownKeys = useMemo(() => [...listKeys(fields), ...(sortable ? SORT_KEYS : [])], [fields, sortable]);
  const ownSearch = ownParams(params, ownKeys).toString();
  const applied = useMemo(() => filtersFromSearch(fields, new URLSearchParams(ownSearch), defaults), [fields, ownSearch, defaults]);
  const paging = useMemo(() => pagingFromSearch(new URLSearchParams(ownSearch), pageSizes, firstSize), [ownSearch, pageSizes, firstSize]);
  const sort = useMemo(() => (sortKey ? sortFromSearch(new URLSearchParams(ownSearch), sortKey.split(',')) : null), [ownSearch, sortKey]);

  /*
   * The draft follows the applied filters: when they change (search, back button, or a select
   * whose options arrived and now accepts the URL's value), the bar shows them.
   */
  const appliedKey = `${ownSearch}|${JSON.stringify(applied)}`;
  const [draftState, setDraftState] = useState({ source: appliedKey, values: applied });
  if (draftState.source !== appliedKey) setDraftState({ source: appliedKey, values: applied });
  const draft = draftState.source === appliedKey ? draftState.values : applied;

  const write = useCallback(
    (values: FilterValues, pageIndex: number, pageSize: number, sorted: ListSort | null) => {
      const entries = [...filtersToSearch(fields, values, defaults), ...pagingToSearch({ pageIndex, pageSize }, firstSize)];
      const next = replaceListKeys(params, fields, entries);
      if (sortable) {
        for (const key of SORT_KEYS) next.delete(key);
        for (const [key, value] of sortToSearch(sorted)) next.append(key, value);
      }
      if (next.toString() === params.toString()) return false;
      setParams(next);
      return true;
    },
    [fields, defaults, firstSize, sortable, params, setParams],
  );

  const setDraft = useCallback(
    (patch: Readonly<Record<string, string>>) => setDraftState((s) => ({ source: s.source, values: { ...s.values, ...patch } })),
    [],
  );
  const search = useCallback(() => write(draft, 1, paging.pageSize, sort), [write, draft, paging.pageSize, sort]);
  const apply = useCallback(
    (values: Readonly<Record<string, string>>) => void write({ ...defaults, ...values }, 1, paging.pageSize, sort),
    [write, defaults, paging.pageSize, sort],
  );
  const reset = useCallback(() => {
    setDraftState((s) => ({ source: s.source, values: defaults }));
    write(defaults, 1, paging.pageSize, sort);
  }, [write, defaults, paging.pageSize, sort]);
  const setPageIndex = useCallback(
    (page: number) => void write(applied, page, paging.pageSize, sort),
    [write, applied, paging.pageSize, sort],
  );
  const setPageSize = useCallback((size: number) => void write(applied, 1, size, sort), [write, applied, sort]);
  const setSort = useCallback((next: ListSort | null) => void write(applied, 1, paging.pageSize, next), [write, applied, paging.pageSize]);
  const query = useMemo(() => filterQuery(applied), [applied]);

  return {
    fields,
    draft,
    setDraft,
    applied,
    query,
    pageIndex: paging.pageIndex,
    pageSize: paging.pageSize,
    pageSizes,
    search,
    apply,
    reset,
    setPageIndex,
    setPageSize,
    sort,
    setSort: sortable ? setSort : undefined,
  };
}
