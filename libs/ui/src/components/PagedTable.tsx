import { Box, Group, LoadingOverlay, Pagination, ScrollArea, Select, Skeleton, Table, Text } from '@mantine/core';
import { Fragment, type CSSProperties, type ReactNode } from 'react';

export interface TableColumn<T> {
  key: string;
  title: ReactNode;
  /** Field shown as text when no `render` is given. */
  field?: keyof T;
  render?: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Keeps the column at the right edge while a wide table scrolls sideways (an operations column). */
  stickyRight?: boolean;
}

export interface PagedTableProps<T> {
  columns: TableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
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
  minWidth?: number;
  /** Content of a full-width line under a row (an expanded row); nothing when it returns null. */
  renderExpanded?: (row: T, index: number) => ReactNode;
}

const EMPTY_CELL = '--';

const STICKY_RIGHT: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-gray-3)',
};

function headStyle<T>(c: TableColumn<T>): CSSProperties {
  return c.stickyRight ? { whiteSpace: 'nowrap', ...STICKY_RIGHT, background: 'var(--mantine-color-gray-0)' } : { whiteSpace: 'nowrap' };
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  return String(value);
}

/** A bordered table with a pager (total, page size, pages) below it. */
export function PagedTable<T>({
  columns,
  rows,
  rowKey,
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
}: PagedTableProps<T>) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const showSkeleton = loading && !rows;
  const list = rows ?? [];

  return (
    <Box>
      <Box pos="relative">
        <LoadingOverlay visible={fetching && !showSkeleton} zIndex={2} overlayProps={{ blur: 1 }} />
        <ScrollArea>
          <Table striped highlightOnHover withTableBorder withColumnBorders={false} verticalSpacing="sm" miw={minWidth}>
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} w={c.width} ta={c.align} style={headStyle(c)}>
                    {c.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {showSkeleton &&
                Array.from({ length: 5 }, (_, i) => (
                  <Table.Tr key={`skeleton-${i}`}>
                    {columns.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {!showSkeleton && list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
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
                        {columns.map((c) => (
                          <Table.Td key={c.key} ta={c.align} style={c.stickyRight ? STICKY_RIGHT : undefined}>
                            {c.render ? c.render(row, index) : c.field !== undefined ? cellText(row[c.field]) : EMPTY_CELL}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                      {expanded !== null && expanded !== undefined && expanded !== false && (
                        <Table.Tr bg="var(--mantine-color-gray-0)">
                          <Table.Td colSpan={columns.length} p="md">
                            {expanded}
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Box>
      <Group justify="flex-end" mt="md" gap="md">
        <Text size="sm" c="dimmed">
          共 {total} 条
        </Text>
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
