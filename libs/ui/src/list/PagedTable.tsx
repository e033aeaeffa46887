import { Anchor, Box, Group, LoadingOverlay, Pagination, Select, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Fragment, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { nextSort, type ListSort } from './list-filters';
import { actionApplies, permittedActions, permittedColumns, type RowAction, type TableColumn } from './table-columns';

export interface PagedTableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
  /** The permissions the user holds: columns and actions needing others are absent. */
  granted?: ReadonlySet<number>;
  /** The operations of a row, in a column kept at the right edge while the table scrolls sideways. */
  rowActions?: readonly RowAction<T>[];
  actionsTitle?: ReactNode;
  actionsWidth?: number;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** Reload with rows already shown: an overlay. */
  fetching?: boolean;
  page: number;
  pageSize: number;
  total: number;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  emptyText?: ReactNode;
  /** Below this width the table scrolls sideways inside its card. */
  minWidth?: number;
  /** Content of a full-width line under a row (an expanded row); nothing when it returns null. */
  renderExpanded?: (row: T, index: number) => ReactNode;
  /** Accessible name of the table. */
  label?: string;
  /** The server-side sort shown by the headers of sortable columns. */
  sort?: ListSort | null;
  /** Sorts by a column (null: the server's order); sortable columns have plain headers without it. */
  onSortChange?: (sort: ListSort | null) => void;
}

export const EMPTY_CELL = '--';
/** Skeleton rows shown at most while the first page loads. */
const SKELETON_ROWS = 10;

const STICKY_RIGHT: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3), -6px 0 8px -6px rgba(0, 0, 0, 0.18)',
};

/** Keeps a cell that must not wrap at its content's width: badges and buttons are never squeezed by wide neighbours. */
const NO_SHRINK: CSSProperties = { display: 'inline-block', width: 'max-content' };

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  return String(value);
}

function cellContent<T>(column: TableColumn<T>, row: T, index: number): ReactNode {
  if (column.render) return column.render(row, index);
  return column.field !== undefined ? cellText(row[column.field]) : EMPTY_CELL;
}

function ActionLinks<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  const shown = actions.filter((a) => actionApplies(a, row));
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {EMPTY_CELL}
      </Text>
    );
  return (
    <Group gap="sm" wrap="nowrap">
      {shown.map((a) => {
        const href = a.href?.(row);
        const busy = a.busy?.(row) ?? false;
        const link = href ? (
          <Anchor component={Link} to={href} size="sm" c={a.color}>
            {a.label}
          </Anchor>
        ) : (
          <Anchor
            component="button"
            type="button"
            size="sm"
            c={a.color}
            disabled={busy}
            aria-busy={busy || undefined}
            style={busy ? { opacity: 0.6, cursor: 'progress' } : undefined}
            onClick={() => a.onClick?.(row)}
          >
            {a.label}
          </Anchor>
        );
        const after = a.after?.(row);
        return after ? (
          <Group key={a.key} gap={4} wrap="nowrap">
            {link}
            {after}
          </Group>
        ) : (
          <Fragment key={a.key}>{link}</Fragment>
        );
      })}
    </Group>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable column's header: its title and the direction, a click moving to the next sort. */
function SortHeader<T>({
  column,
  sort,
  onSortChange,
}: {
  column: TableColumn<T>;
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
}) {
  const order = sort?.field === column.key ? sort.order : null;
  const Icon = order === 'asc' ? IconChevronUp : order === 'desc' ? IconChevronDown : IconSelector;
  return (
    <Table.Th w={column.width} ta={column.align} aria-sort={order ? ARIA_SORT[order] : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        onClick={() => onSortChange(nextSort(sort, column.key))}
        fz="sm"
        fw={700}
        c={order ? 'brand' : undefined}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {column.title}
        <Icon size={14} stroke={2} aria-hidden style={{ opacity: order ? 1 : 0.45 }} />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A bordered table with a pager below it (total, page size, pages). Columns and actions the user
 * may not use are absent; the operations column stays at the right edge and the table scrolls
 * sideways inside its card, so no column is ever hidden.
 */
export function PagedTable<T>({
  columns,
  rows,
  rowKey,
  granted,
  rowActions,
  actionsTitle = '操作',
  actionsWidth,
  loading = false,
  fetching = false,
  page,
  pageSize,
  total,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  emptyText = '暂无数据',
  minWidth,
  renderExpanded,
  label,
  sort = null,
  onSortChange,
}: PagedTableProps<T>) {
  const shownColumns = useMemo(() => permittedColumns(columns, granted), [columns, granted]);
  const actions = useMemo(() => permittedActions(rowActions ?? [], granted), [rowActions, granted]);
  const withActions = actions.length > 0;
  const width = shownColumns.length + (withActions ? 1 : 0);
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const showSkeleton = loading && !rows;
  const list = rows ?? [];

  return (
    <Box>
      <Box pos="relative">
        <LoadingOverlay visible={fetching && !showSkeleton} zIndex={3} overlayProps={{ blur: 1 }} />
        <Box style={{ overflowX: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            miw={minWidth}
            aria-label={label}
            style={{ borderCollapse: 'separate', borderSpacing: 0 }}
          >
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                {shownColumns.map((c) =>
                  c.sortable && onSortChange ? (
                    <SortHeader key={c.key} column={c} sort={sort} onSortChange={onSortChange} />
                  ) : (
                    <Table.Th key={c.key} w={c.width} ta={c.align} style={{ whiteSpace: 'nowrap' }}>
                      {c.title}
                    </Table.Th>
                  ),
                )}
                {withActions && (
                  <Table.Th w={actionsWidth} style={{ whiteSpace: 'nowrap', ...STICKY_RIGHT, background: 'var(--mantine-color-gray-0)' }}>
                    {actionsTitle}
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {showSkeleton &&
                Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, i) => (
                  <Table.Tr key={`skeleton-${i}`} data-skeleton>
                    {Array.from({ length: width }, (_, j) => (
                      <Table.Td key={j}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {!showSkeleton && list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={width}>
                    <Text ta="center" c="dimmed" py="xl" size="sm">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {!showSkeleton &&
                list.map((row, index) => {
                  const expanded = renderExpanded?.(row, index);
                  return (
                    <Fragment key={rowKey(row, index)}>
                      <Table.Tr>
                        {shownColumns.map((c) => (
                          <Table.Td key={c.key} ta={c.align} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                            {c.nowrap ? <span style={NO_SHRINK}>{cellContent(c, row, index)}</span> : cellContent(c, row, index)}
                          </Table.Td>
                        ))}
                        {withActions && (
                          <Table.Td style={{ ...STICKY_RIGHT, whiteSpace: 'nowrap' }}>
                            <ActionLinks row={row} actions={actions} />
                          </Table.Td>
                        )}
                      </Table.Tr>
                      {expanded !== null && expanded !== undefined && expanded !== false && (
                        <Table.Tr bg="var(--mantine-color-gray-0)">
                          <Table.Td colSpan={width} p="md">
                            {expanded}
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
            </Table.Tbody>
          </Table>
        </Box>
      </Box>
      <Group justify="flex-end" mt="md" gap="md">
        {showSkeleton ? (
          <Skeleton height={14} width={64} aria-label="正在加载" />
        ) : (
          <Text size="sm" c="dimmed">
            共 {total} 条
          </Text>
        )}
        {pageSizes && onPageSizeChange && (
          <Select
            aria-label="每页条数"
            size="xs"
            w={110}
            allowDeselect={false}
            data={pageSizes.map((s) => ({ value: String(s), label: `${s} 条/页` }))}
            value={String(pageSize)}
            onChange={(v) => v && onPageSizeChange(Number(v))}
          />
        )}
        <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={onPageChange} withEdges />
      </Group>
    </Box>
  );
}
