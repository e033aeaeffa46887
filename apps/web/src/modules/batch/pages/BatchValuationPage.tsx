import { Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Perm } from '@valuation/domain';
import { LoadError, PageSection } from '@valuation/ui';
import { useCallback, useState } from 'react';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { batchKeys, downloadBatchTemplate, useBatchTasks } from '../api/batch-api';
import { BatchFilters } from '../components/BatchFilters';
import { BatchTaskTable } from '../components/BatchTaskTable';
import { CreateTaskDialog } from '../components/CreateTaskDialog';
import { useBatchFilters } from '../hooks/use-batch-filters';

/** Route batchValuation (`/org/batchValuation`): the batch tasks, new tasks and the template. */
export function BatchValuationPage() {
  const filters = useBatchFilters();
  const tasks = useBatchTasks(filters.listQuery);
  const { granted } = useGrantedPermissions('user');
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { setPageIndex } = filters;

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

  return (
    <Stack gap="lg">
      <PageSection
        title="批量估价"
        actions={
          <>
            <Button variant="default" loading={downloading} onClick={() => void downloadTemplate()}>
              下载模板
            </Button>
            {granted.has(Perm.batchCreate) && <Button onClick={() => setCreating(true)}>新建任务</Button>}
          </>
        }
      >
        <BatchFilters value={filters.draft} onChange={filters.update} onSearch={filters.search} onReset={filters.reset} />
      </PageSection>
      <PageSection>
        {tasks.isError && !tasks.data ? (
          <LoadError message="批量任务加载失败" onRetry={() => void tasks.refetch()} />
        ) : (
          <BatchTaskTable
            data={tasks.data}
            loading={tasks.isLoading}
            fetching={tasks.isFetching && tasks.isPlaceholderData}
            pageIndex={filters.pageIndex}
            pageSize={filters.pageSize}
            onPageChange={filters.setPageIndex}
            onPageSizeChange={filters.setPageSize}
          />
        )}
      </PageSection>
      {granted.has(Perm.batchCreate) && <CreateTaskDialog opened={creating} onClose={closeDialog} onCreated={created} />}
    </Stack>
  );
}
