import { Anchor, Text, Tooltip } from '@mantine/core';
import type { BatchTask, Paged } from '@valuation/contracts';
import { Perm } from '@valuation/domain';
import { PagedTable, type TableColumn } from '@valuation/ui';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../app/format/date-format';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { BATCH_PAGE_SIZES } from '../hooks/batch-filters';
import { formatBatchAmount } from '../model/batch-format';
import { TaskProgress } from './TaskProgress';
import { TaskStateBadge } from './TaskStateBadge';

function DateTime({ value }: { value: string | null }) {
  if (!value) return <>--</>;
  const [day, time] = formatDateTime(value).split(' ');
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{day}</div>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </div>
  );
}

function count(value: number, color?: string): ReactNode {
  return (
    <Text size="sm" c={value > 0 ? color : undefined}>
      {value}
    </Text>
  );
}

export interface BatchTaskTableProps {
  data: Paged<BatchTask> | undefined;
  loading: boolean;
  fetching: boolean;
  pageIndex: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

/** The batch tasks; the operation column needs permission 28 and offers 详情 for finished tasks only. */
export function BatchTaskTable({ data, loading, fetching, pageIndex, pageSize, onPageChange, onPageSizeChange }: BatchTaskTableProps) {
  const { granted } = useGrantedPermissions('user');
  const link = useRouteLink('org');

  const columns = useMemo(() => {
    const list: (TableColumn<BatchTask> | false)[] = [
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
      { key: 'submitTime', title: '提交时间', render: (t) => <DateTime value={t.submitTime} /> },
      { key: 'evalTotal', title: '数据条数', align: 'right', field: 'evalTotal' },
      { key: 'progress', title: '进度', width: 170, render: (t) => <TaskProgress task={t} /> },
      {
        key: 'evalAmount',
        title: '估价总额(亿元)',
        align: 'right',
        render: (t) => (t.taskState === 2 || t.evalAmount > 0 ? formatBatchAmount(t.evalAmount) : '--'),
      },
      { key: 'evalSuccess', title: '成功', align: 'right', render: (t) => count(t.evalSuccess, 'green.8') },
      { key: 'evalFail', title: '失败', align: 'right', render: (t) => count(t.evalFail, 'orange.8') },
      { key: 'evalError', title: '地址解析失败', align: 'right', render: (t) => count(t.evalError, 'red.7') },
      { key: 'finishTime', title: '完成时间', render: (t) => <DateTime value={t.finishTime} /> },
      { key: 'taskState', title: '状态', render: (t) => <TaskStateBadge task={t} /> },
      granted.has(Perm.batchDetail) && {
        key: 'actions',
        title: '操作',
        render: (t) => {
          if (t.taskState !== 2) return null;
          const href = link('batchValuationDetail', undefined, { id: t.id });
          return href ? (
            <Anchor component={Link} to={href} size="sm">
              详情
            </Anchor>
          ) : (
            <Text size="sm">详情</Text>
          );
        },
      },
    ];
    return list.filter((c): c is TableColumn<BatchTask> => c !== false);
  }, [granted, link]);

  return (
    <PagedTable
      columns={columns}
      rows={data?.list}
      rowKey={(t) => t.id}
      loading={loading}
      fetching={fetching}
      page={pageIndex}
      pageSize={pageSize}
      total={data?.total ?? 0}
      pageSizes={BATCH_PAGE_SIZES}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      minWidth={1150}
    />
  );
}
