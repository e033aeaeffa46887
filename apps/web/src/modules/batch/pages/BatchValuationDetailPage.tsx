import { Anchor, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Perm } from '@valuation/domain';
import { ListPage, LoadError, PageSection } from '@valuation/ui';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { exportBatchItems, useBatchItems, useBatchTask } from '../api/batch-api';
import { itemColumns } from '../components/batch-columns';
import { BatchTaskSummary } from '../components/BatchTaskSummary';
import { BATCH_ITEM_FIELDS, BATCH_PAGE_SIZES, itemStateOf } from '../model/batch-list';

/** Route batchValuationDetail (`/org/batchValuationDetail/:id`): one task and its rows. */
export function BatchValuationDetailPage() {
  const { id } = useParams();
  const task = useBatchTask(Number(id));
  const link = useRouteLink('org');
  const view = useListView('user', { fields: BATCH_ITEM_FIELDS, pageSizes: BATCH_PAGE_SIZES });
  const { state } = view;
  const evalState = itemStateOf(state.query);

  const batchId = task.data?.batchId ?? '';
  const running = task.data?.taskState === 1;
  const items = useBatchItems({ batchId, evalState, pageIndex: state.pageIndex, pageSize: state.pageSize }, Boolean(batchId));
  const { refetch: refetchItems } = items;

  const processed = task.data?.processed;
  useEffect(() => {
    if (running) void refetchItems();
  }, [processed, running, refetchItems]);

  const back = link('batchValuation');
  const columns = useMemo(() => itemColumns((evalCode) => link('valreport', { evalCode })), [link]);

  return (
    <Stack gap="lg">
      <PageSection
        title="批量估价详情"
        actions={
          back && (
            <Anchor component={Link} to={back} size="sm">
              <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
              返回任务列表
            </Anchor>
          )
        }
      >
        {task.isError && !task.data ? (
          <LoadError message="批量任务加载失败" onRetry={() => void task.refetch()} />
        ) : task.data ? (
          <BatchTaskSummary task={task.data} />
        ) : (
          <Skeleton height={140} />
        )}
      </PageSection>
      <ListPage
        title="估价明细"
        {...view}
        result={{ ...items, isLoading: items.isLoading || !batchId }}
        columns={columns}
        rowKey={(i) => i.id}
        exportAction={{ permission: Perm.batchExport, run: () => exportBatchItems(batchId, evalState) }}
        errorMessage="估价明细加载失败"
        minWidth={1100}
      />
    </Stack>
  );
}
