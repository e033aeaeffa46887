import { Button } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { BatchTask } from '@valuation/contracts';
import { Perm } from '@valuation/domain';
import { ListPage, type RowAction } from '@valuation/ui';
import { useCallback, useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { batchKeys, downloadBatchTemplate, useBatchTasks } from '../api/batch-api';
import { TASK_COLUMNS } from '../components/batch-columns';
import { CreateTaskDialog } from '../components/CreateTaskDialog';
import { BATCH_PAGE_SIZES, BATCH_TASK_FIELDS, batchTaskQuery } from '../model/batch-list';

/** Route batchValuation (`/org/batchValuation`): the batch tasks, new tasks and the template. */
export function BatchValuationPage() {
  const view = useListView('user', { fields: BATCH_TASK_FIELDS, pageSizes: BATCH_PAGE_SIZES });
  const { state, granted } = view;
  const query = useMemo(() => batchTaskQuery(state.query), [state.query]);
  const tasks = useBatchTasks({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { setPageIndex } = state;

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadBatchTemplate();
    } catch {
      /* the download shows its own message */
    } finally {
      setDownloading(false);
    }
  };

  const closeDialog = useCallback(() => setCreating(false), []);
  const created = useCallback(() => {
    setCreating(false);
    setPageIndex(1);
    void queryClient.invalidateQueries({ queryKey: batchKeys.all() });
  }, [queryClient, setPageIndex]);

  const actions = useMemo<RowAction<BatchTask>[]>(
    () => [
      {
        key: 'detail',
        label: '详情',
        permission: Perm.batchDetail,
        visible: (t) => t.taskState === 2,
        href: (t) => link('batchValuationDetail', undefined, { id: t.id }),
      },
    ],
    [link],
  );

  return (
    <>
      <ListPage
        title="批量估价"
        headerActions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void downloadTemplate()}
            >
              下载模板
            </Button>
            {granted.has(Perm.batchCreate) && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                新建任务
              </Button>
            )}
          </>
        }
        {...view}
        result={tasks}
        columns={TASK_COLUMNS}
        rowKey={(t) => t.id}
        rowActions={actions}
        errorMessage="批量任务加载失败"
        minWidth={980}
      />
      {granted.has(Perm.batchCreate) && <CreateTaskDialog opened={creating} onClose={closeDialog} onCreated={created} />}
    </>
  );
}
