import { Anchor, Button, Group, Input, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BatchItemsQuery } from '@valuation/contracts';
import { ListMsg, Perm } from '@valuation/domain';
import { LoadError, PageSection } from '@valuation/ui';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { exportBatchItems, useBatchItems, useBatchTask } from '../api/batch-api';
import { BatchItemTable } from '../components/BatchItemTable';
import { BatchTaskSummary } from '../components/BatchTaskSummary';
import { BATCH_PAGE_SIZES } from '../hooks/batch-filters';
import { ITEM_STATE_OPTIONS } from '../model/batch-format';

/** Route batchValuationDetail (`/org/batchValuationDetail/:id`): one task and its rows. */
export function BatchValuationDetailPage() {
  const { id } = useParams();
  const taskId = Number(id);
  const task = useBatchTask(taskId);
  const { granted } = useGrantedPermissions('user');
  const link = useRouteLink('org');
  const [evalState, setEvalState] = useState('0');
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(BATCH_PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);

  const batchId = task.data?.batchId ?? '';
  const running = task.data?.taskState === 1;
  const itemsQuery = useMemo<BatchItemsQuery>(
    () => ({ batchId, evalState: Number(evalState), pageIndex, pageSize }),
    [batchId, evalState, pageIndex, pageSize],
  );
  const items = useBatchItems(itemsQuery, Boolean(batchId));
  const { refetch: refetchItems } = items;

  const processed = task.data?.processed;
  useEffect(() => {
    if (running) void refetchItems();
  }, [processed, running, refetchItems]);

  const startExport = async () => {
    if (!items.data || items.data.total === 0) {
      notifications.show({ color: 'yellow', message: ListMsg.noData });
      return;
    }
    setExporting(true);
    try {
      await exportBatchItems(batchId, Number(evalState));
    } catch {
      /* the download shows its own message */
    } finally {
      setExporting(false);
    }
  };

  const back = link('batchValuation');

  return (
    <Stack gap="lg">
      <PageSection
        title="批量估价详情"
        actions={
          back && (
            <Anchor component={Link} to={back} size="sm">
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
      <PageSection>
        <Group justify="space-between" align="flex-end" mb="md">
          <div>
            <Input.Label id="batch-item-state">估价状态</Input.Label>
            <SegmentedControl
              aria-labelledby="batch-item-state"
              data={ITEM_STATE_OPTIONS}
              value={evalState}
              onChange={(value) => {
                setEvalState(value);
                setPageIndex(1);
              }}
            />
          </div>
          {granted.has(Perm.batchExport) && (
            <Button variant="light" loading={exporting} disabled={!batchId} onClick={() => void startExport()}>
              导出
            </Button>
          )}
        </Group>
        {items.isError && !items.data ? (
          <LoadError message="估价明细加载失败" onRetry={() => void items.refetch()} />
        ) : (
          <BatchItemTable
            data={items.data}
            loading={items.isLoading || !batchId}
            fetching={items.isFetching && items.isPlaceholderData}
            pageIndex={pageIndex}
            pageSize={pageSize}
            onPageChange={setPageIndex}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPageIndex(1);
            }}
          />
        )}
      </PageSection>
    </Stack>
  );
}
