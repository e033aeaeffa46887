import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../components/LoadError';
import { PageSection } from '../components/PageSection';
import type { RegionNode } from '../filters/RegionCascade';
import type { OrgNode } from '../trees/org-tree';
import type { FilterValues } from './list-filters';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { PagedTable } from './PagedTable';
import { isPermitted, type RowAction, type TableColumn } from './table-columns';
import type { ListState } from './use-list-state';

/** What the page needs of its list request (a react-query result of a paged answer). */
export interface ListResult<T> {
  data?: { list: readonly T[]; total: number };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface ListExport {
  /** Only users holding this permission see the button. */
  permission?: number;
  /** Downloads the rows matching the applied filters (the request's query, and the filters as applied). */
  run: (query: Record<string, string>, applied: FilterValues) => Promise<unknown>;
  label?: string;
}

export interface ListPageProps<T> {
  title: ReactNode;
  /** Buttons on the title line (create, template...). */
  headerActions?: ReactNode;
  /** Shown between the title and the filters (an explanation, figures). */
  intro?: ReactNode;
  state: ListState;
  result: ListResult<T>;
  columns: readonly TableColumn<T>[];
  rowKey: (row: T, index: number) => string | number;
  rowActions?: readonly RowAction<T>[];
  actionsWidth?: number;
  /** The permissions the user holds: columns, actions and export needing others are absent. */
  granted?: ReadonlySet<number>;
  exportAction?: ListExport;
  /** More controls at the right end of the filter bar. */
  toolbar?: ReactNode;
  errorMessage?: string;
  emptyText?: ReactNode;
  minWidth?: number;
  renderExpanded?: (row: T, index: number) => ReactNode;
  regionTree?: readonly RegionNode[];
  /** The organisation tree of organisation filters. */
  orgTree?: readonly OrgNode[];
  today?: Date | string;
  /** Accessible name of the table; the title when it is text. */
  tableLabel?: string;
}

/**
 * A back-office list: a card with the title, the filter bar (filters kept in the URL) and its
 * actions, and a card with the paged table. Searching with unchanged filters reloads the list.
 */
export function ListPage<T>({
  title,
  headerActions,
  intro,
  state,
  result,
  columns,
  rowKey,
  rowActions,
  actionsWidth,
  granted,
  exportAction,
  toolbar,
  errorMessage = '列表加载失败',
  emptyText,
  minWidth,
  renderExpanded,
  regionTree,
  orgTree,
  today,
  tableLabel,
}: ListPageProps<T>) {
  const canExport = exportAction !== undefined && isPermitted(exportAction.permission, granted);
  const actions =
    toolbar || canExport ? (
      <>
        {toolbar}
        {canExport && (
          <ExportButton
            total={result.data?.total}
            label={exportAction.label}
            onExport={() => exportAction.run(state.query, state.applied)}
          />
        )}
      </>
    ) : undefined;

  return (
    <Stack gap="lg">
      <PageSection title={title} actions={headerActions}>
        <Stack gap="md">
          {intro}
          {state.fields.length > 0 || actions ? (
            <FilterBar
              fields={state.fields}
              values={state.draft}
              onChange={state.setDraft}
              onApply={(patch) => state.apply({ ...state.draft, ...patch })}
              onSearch={() => {
                if (!state.search()) void result.refetch();
              }}
              onReset={state.reset}
              actions={actions}
              regionTree={regionTree}
              orgTree={orgTree}
              today={today}
            />
          ) : null}
        </Stack>
      </PageSection>
      <PageSection>
        {result.isError && !result.data ? (
          <LoadError message={errorMessage} onRetry={() => void result.refetch()} />
        ) : (
          <PagedTable
            label={tableLabel ?? (typeof title === 'string' ? title : undefined)}
            columns={columns}
            rows={result.data?.list}
            rowKey={rowKey}
            granted={granted}
            rowActions={rowActions}
            actionsWidth={actionsWidth}
            loading={result.isLoading}
            fetching={result.isFetching && !result.isLoading}
            page={state.pageIndex}
            pageSize={state.pageSize}
            total={result.data?.total ?? 0}
            pageSizes={state.pageSizes}
            onPageChange={state.setPageIndex}
            onPageSizeChange={state.setPageSize}
            emptyText={emptyText}
            minWidth={minWidth}
            renderExpanded={renderExpanded}
            sort={state.sort}
            onSortChange={state.setSort}
          />
        )}
      </PageSection>
    </Stack>
  );
}
