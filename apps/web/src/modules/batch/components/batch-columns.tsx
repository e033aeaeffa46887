import { Anchor, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { BatchItem, BatchTask } from '@valuation/contracts';
import { formatArea, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import { DateTimeCell, EMPTY_CELL, ShortText, type TableColumn } from '@valuation/ui';
import { formatBatchAmount, formatBatchTotalPrice, formatBatchUnitPrice, formatFloor } from '../model/batch-format';
import { TaskProgress } from './TaskProgress';
import { TaskStateBadge } from './TaskStateBadge';

function Count({ value, color }: { value: number; color: string }) {
  return (
    <Text size="sm" c={value > 0 ? color : undefined}>
      {value}
    </Text>
  );
}

/** The columns of the task list. */
export const TASK_COLUMNS: TableColumn<BatchTask>[] = [
  {
    key: 'taskName',
    title: '任务名称',
    render: (t) => (
      <Tooltip label={t.fileName} disabled={!t.fileName} withArrow>
        <Text size="sm" fw={500}>
          {t.taskName}
        </Text>
      </Tooltip>
    ),
  },
  { key: 'submitTime', title: '提交时间', render: (t) => <DateTimeCell value={t.submitTime} /> },
  { key: 'evalTotal', title: '数据条数', align: 'right', field: 'evalTotal' },
  { key: 'progress', title: '进度', width: 160, render: (t) => <TaskProgress task={t} /> },
  {
    key: 'evalAmount',
    title: '估价总额',
    align: 'right',
    nowrap: true,
    render: (t) => (t.taskState === 2 || t.evalAmount > 0 ? formatBatchAmount(t.evalAmount) : EMPTY_CELL),
  },
  { key: 'evalSuccess', title: '成功', align: 'right', render: (t) => <Count value={t.evalSuccess} color="green.8" /> },
  { key: 'evalFail', title: '失败', align: 'right', render: (t) => <Count value={t.evalFail} color="orange.8" /> },
  { key: 'evalError', title: '地址解析失败', align: 'right', render: (t) => <Count value={t.evalError} color="red.7" /> },
  { key: 'finishTime', title: '完成时间', render: (t) => <DateTimeCell value={t.finishTime} /> },
  { key: 'taskState', title: '状态', nowrap: true, render: (t) => <TaskStateBadge task={t} /> },
];

/**
 * The columns of a task's items: the row, its valuation code (a link to its valuation report when
 * `reportHref` gives one), where it is as written and the community it matched, the result or why
 * there is none.
 */
export function itemColumns(reportHref: (evalCode: string) => string | undefined): TableColumn<BatchItem>[] {
  return [
    { key: 'rowNo', title: '行号', align: 'right', field: 'rowNo', width: 64 },
    {
      key: 'evalCode',
      title: '估价编号',
      nowrap: true,
      render: (i) => {
        if (!i.evalCode) return EMPTY_CELL;
        const href = reportHref(i.evalCode);
        return href ? (
          <Anchor component={Link} to={href} size="xs" ff="monospace">
            {i.evalCode}
          </Anchor>
        ) : (
          <Text size="xs" ff="monospace">
            {i.evalCode}
          </Text>
        );
      },
    },
    { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
    { key: 'distName', title: '区县', field: 'distName', nowrap: true },
    { key: 'location', title: '小区名称或地址', render: (i) => <ShortText text={i.location} /> },
    { key: 'haName', title: '匹配小区', render: (i) => <ShortText text={i.haName} /> },
    ...ITEM_RESULT_COLUMNS,
  ];
}

const ITEM_RESULT_COLUMNS: TableColumn<BatchItem>[] = [
  {
    key: 'propType',
    title: '物业类型',
    nowrap: true,
    render: (i) => (i.propType !== null ? (PROPERTY_TYPE_LABELS[i.propType] ?? String(i.propType)) : EMPTY_CELL),
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
    width: 190,
    render: (i) =>
      i.error ? (
        <Text size="sm" c={i.state === 3 ? 'red.7' : 'orange.8'}>
          {i.error}
        </Text>
      ) : (
        EMPTY_CELL
      ),
  },
];
