import type { Paged } from '@valuation/contracts';
import { LoadError, PagedTable, type TableColumn } from '@valuation/ui';

/** What the table needs of a list query (react-query) and of the list filters (useListFilters). */
interface ListQueryLike<T> {
  data?: Paged<T>;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface ListPaging {
  pageIndex: number;
  pageSize: number;
  setPageIndex: (page: number) => void;
  setPageSize: (size: number) => void;
}

export interface FilteredListTableProps<T> {
  list: ListQueryLike<T>;
  filters: ListPaging;
  columns: TableColumn<T>[];
  rowKey: (row: T, index: number) => string | number;
  pageSizes: readonly number[];
  /** Shown, with a retry, when the first load fails. */
  errorMessage: string;
  minWidth?: number;
}

/** The paged table of a filtered list page, with its error state. */
export function FilteredListTable<T>({ list, filters, columns, rowKey, pageSizes, errorMessage, minWidth }: FilteredListTableProps<T>) {
  if (list.isError && !list.data) return <LoadError message={errorMessage} onRetry={() => void list.refetch()} />;
  return (
    <PagedTable
      columns={columns}
      rows={list.data?.list}
      rowKey={rowKey}
      loading={list.isLoading}
      fetching={list.isFetching}
      page={filters.pageIndex}
      pageSize={filters.pageSize}
      total={list.data?.total ?? 0}
      pageSizes={pageSizes}
      onPageChange={filters.setPageIndex}
      onPageSizeChange={filters.setPageSize}
      minWidth={minWidth}
    />
  );
}
