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
  type FilterField,
  type FilterValues,
} from './list-filters';

export interface ListStateOptions {
  fields: readonly FilterField[];
  /** The page sizes the screen offers (the spec's list for the screen). */
  pageSizes: readonly number[];
  /** The size a fresh list shows; the first offered size when not given. */
  defaultPageSize?: number;
  /** The day the default date windows end; the business today when not given. */
  today?: Date | string;
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
}

/** The entries of the keys a list owns, in a stable order. */
function ownParams(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const own = new URLSearchParams();
  for (const key of keys) for (const value of params.getAll(key)) own.append(key, value);
  return own;
}

/**
 * The filters and page of a list page, kept in the URL: a reload, a shared link and the back
 * button show the same list. The bar edits a draft; 查询 writes it to the URL as a new history
 * entry; a URL change (back, forward, a link) replaces the draft.
 */
export function useListState({ fields, pageSizes, defaultPageSize, today }: ListStateOptions): ListState {
  const [params, setParams] = useSearchParams();
  const [defaults] = useState(() => filterDefaults(fields, today));
  const firstSize = defaultPageSize ?? pageSizes[0];

  const ownKeys = useMemo(() => listKeys(fields), [fields]);
  const ownSearch = ownParams(params, ownKeys).toString();
  const applied = useMemo(() => filtersFromSearch(fields, new URLSearchParams(ownSearch), defaults), [fields, ownSearch, defaults]);
  const paging = useMemo(() => pagingFromSearch(new URLSearchParams(ownSearch), pageSizes, firstSize), [ownSearch, pageSizes, firstSize]);

  /* The draft follows the URL: when the applied filters change (search, back button), the bar shows them. */
  const [draftState, setDraftState] = useState({ source: ownSearch, values: applied });
  if (draftState.source !== ownSearch) setDraftState({ source: ownSearch, values: applied });
  const draft = draftState.source === ownSearch ? draftState.values : applied;

  const write = useCallback(
    (values: FilterValues, pageIndex: number, pageSize: number) => {
      const entries = [...filtersToSearch(fields, values, defaults), ...pagingToSearch({ pageIndex, pageSize }, firstSize)];
      const next = replaceListKeys(params, fields, entries);
      if (next.toString() === params.toString()) return false;
      setParams(next);
      return true;
    },
    [fields, defaults, firstSize, params, setParams],
  );

  const setDraft = useCallback(
    (patch: Readonly<Record<string, string>>) => setDraftState((s) => ({ source: s.source, values: { ...s.values, ...patch } })),
    [],
  );
  const search = useCallback(() => write(draft, 1, paging.pageSize), [write, draft, paging.pageSize]);
  const apply = useCallback(
    (values: Readonly<Record<string, string>>) => void write({ ...defaults, ...values }, 1, paging.pageSize),
    [write, defaults, paging.pageSize],
  );
  const reset = useCallback(() => {
    setDraftState((s) => ({ source: s.source, values: defaults }));
    write(defaults, 1, paging.pageSize);
  }, [write, defaults, paging.pageSize]);
  const setPageIndex = useCallback((page: number) => void write(applied, page, paging.pageSize), [write, applied, paging.pageSize]);
  const setPageSize = useCallback((size: number) => void write(applied, 1, size), [write, applied]);
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
  };
}
