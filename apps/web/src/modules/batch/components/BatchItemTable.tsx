import { Stack, Text, Tooltip } from '@mantine/core';
import type { BatchItem, Paged } from '@valuation/contracts';
import { formatArea, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import { PagedTable, type TableColumn } from '@valuation/ui';
import { BATCH_PAGE_SIZES } from '../hooks/batch-filters';
import { formatBatchTotalPrice, formatBatchUnitPrice, formatFloor } from '../model/batch-format';

/** Location text is shortened to this many characters in the detail lists. */
const LOCATION_CHARS = 10;

function Shortened({ text, max, dimmed }: { text: string; max: number; dimmed?: boolean }) {
  if (text.length <= max)
    return (
      <Text size={dimmed ? 'xs' : 'sm'} c={dimmed ? 'dimmed' : undefined}>
        {text}
      </Text>
    );
  return (
    <Tooltip label={text} withArrow multiline maw={320}>
      <Text size={dimmed ? 'xs' : 'sm'} c={dimmed ? 'dimmed' : undefined}>{`${text.slice(0, max)}…`}</Text>
    </Tooltip>
  );
}

function Place({ item }: { item: BatchItem }) {
  if (!item.haName && !item.location) return <>--</>;
  if (!item.haName || item.haName === item.location) return <Shortened text={(item.haName ?? item.location)!} max={LOCATION_CHARS} />;
  return (
    <Stack gap={0}>
      <Shortened text={item.haName} max={LOCATION_CHARS} />
      {item.location && <Shortened text={item.location} max={LOCATION_CHARS} dimmed />}
    </Stack>
  );
}

const COLUMNS: TableColumn<BatchItem>[] = [
  { key: 'rowNo', title: '行号', align: 'right', field: 'rowNo', width: 64 },
  { key: 'cityName', title: '城市', field: 'cityName' },
  { key: 'distName', title: '区县', field: 'distName' },
  { key: 'place', title: '小区/地址', render: (i) => <Place item={i} /> },
  {
    key: 'propType',
    title: '物业类型',
    render: (i) => (i.propType !== null ? (PROPERTY_TYPE_LABELS[i.propType] ?? String(i.propType)) : '--'),
  },
  { key: 'bldgArea', title: '面积(㎡)', align: 'right', render: (i) => formatArea(i.bldgArea) },
  { key: 'floor', title: '楼层/总楼层', align: 'center', render: (i) => formatFloor(i.floor, i.bheight) },
  { key: 'unitPrice', title: '单价(元/㎡)', align: 'right', render: (i) => formatBatchUnitPrice(i.unitPrice) },
  {
    key: 'totalPrice',
    title: '总价(万元)',
    align: 'right',
    render: (i) => (
      <Text size="sm" fw={i.totalPrice !== null ? 600 : undefined}>
        {formatBatchTotalPrice(i.totalPrice)}
      </Text>
    ),
  },
  {
    key: 'error',
    title: '说明',
    width: 220,
    render: (i) =>
      i.error ? (
        <Text size="sm" c={i.state === 3 ? 'red.7' : 'orange.8'}>
          {i.error}
        </Text>
      ) : (
        '--'
      ),
  },
];

export interface BatchItemTableProps {
  data: Paged<BatchItem> | undefined;
  loading: boolean;
  fetching: boolean;
  pageIndex: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** The rows of a batch task with their results or the reason they were not valued. */
export function BatchItemTable({ data, loading, fetching, pageIndex, pageSize, onPageChange, onPageSizeChange }: BatchItemTableProps) {
  return (
    <PagedTable
      columns={COLUMNS}
      rows={data?.list}
      rowKey={(i) => i.id}
      loading={loading}
      fetching={fetching}
      page={pageIndex}
      pageSize={pageSize}
      total={data?.total ?? 0}
      pageSizes={BATCH_PAGE_SIZES}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      minWidth={1100}
    />
  );
}
