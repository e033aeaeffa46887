import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ListMsg, Perm } from '@valuation/domain';
import { LoadError, PageSection } from '@valuation/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { exportEvalRecords, useEvalRecords } from '../api/records-api';
import { RecordFilters } from '../components/RecordFilters';
import { RecordTable } from '../components/RecordTable';
import { useRecordFilters } from '../hooks/use-record-filters';

/** Route valuationRecord (`/org/valuationRecord`, query type): the valuations the user may see. */
export function ValuationRecordPage() {
  const [params] = useSearchParams();
  const filters = useRecordFilters(params.get('type'));
  const records = useEvalRecords(filters.listQuery);
  const { granted } = useGrantedPermissions('user');
  const [exporting, setExporting] = useState(false);

  const startExport = async () => {
    if (!records.data || records.data.total === 0) {
      notifications.show({ color: 'yellow', message: ListMsg.noData });
      return;
    }
    setExporting(true);
    try {
      await exportEvalRecords(filters.filterQuery);
    } catch {
      /* the download shows its own message */
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageSection title="估价记录">
        <RecordFilters
          value={filters.draft}
          onChange={filters.update}
          onSearch={filters.search}
          onReset={filters.reset}
          actions={
            granted.has(Perm.recordExport) && (
              <Button variant="light" loading={exporting} onClick={() => void startExport()}>
                导出
              </Button>
            )
          }
        />
      </PageSection>
      <PageSection>
        {records.isError && !records.data ? (
          <LoadError message="估价记录加载失败" onRetry={() => void records.refetch()} />
        ) : (
          <RecordTable
            data={records.data}
            loading={records.isLoading}
            fetching={records.isFetching}
            pageIndex={filters.pageIndex}
            pageSize={filters.pageSize}
            onPageChange={filters.setPageIndex}
            onPageSizeChange={filters.setPageSize}
          />
        )}
      </PageSection>
    </Stack>
  );
}
