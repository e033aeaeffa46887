import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppraisalQueueRow } from '@valuation/contracts';
import { AppraisalMsg, Perm } from '@valuation/domain';
import { FilterBar, LoadError, PageSection, StatTile } from '@valuation/ui';
import { useState } from 'react';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { useAppraisalAction, useAppraisalCounts, useAppraisalQueue } from '../api/appraisal-api';
import { AppraisalQueueTable } from '../components/AppraisalQueueTable';
import { notifyActionError } from '../components/ActionError';
import { AGE_OPTIONS, EMPTY_QUEUE_FILTERS, KIND_OPTIONS, STATE_OPTIONS, type QueueFilters } from '../model/appraisal-queue-filters';

/** Route appraisalQueue (`/channel/appraisalQueue`): manual enquiries, re-appraisals and objections to answer. */
export function AppraisalQueuePage() {
  const [draft, setDraft] = useState<QueueFilters>(EMPTY_QUEUE_FILTERS);
  const [filters, setFilters] = useState<QueueFilters>(EMPTY_QUEUE_FILTERS);
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const queue = useAppraisalQueue({ ...filters, pageIndex, pageSize });
  const counts = useAppraisalCounts();
  const action = useAppraisalAction();
  const { granted } = useGrantedPermissions('tenant');
  const link = useRouteLink('channel');

  const apply = (next: QueueFilters) => {
    setDraft(next);
    setFilters(next);
    setPageIndex(1);
  };
  const set = <K extends keyof QueueFilters>(key: K, value: QueueFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const claim = (row: AppraisalQueueRow) =>
    action.mutate(
      { action: 'claim', id: row.id, version: row.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `${AppraisalMsg.claimed}：${row.caseNo}` }),
        onError: notifyActionError,
      },
    );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile
          label="待处理案件"
          value={counts.data?.open}
          unit="件"
          loading={counts.isLoading}
          onClick={() => apply({ ...EMPTY_QUEUE_FILTERS })}
        />
        <StatTile
          label="已超时"
          value={counts.data?.overdue}
          unit="件"
          loading={counts.isLoading}
          onClick={() => apply({ ...EMPTY_QUEUE_FILTERS })}
        />
        <StatTile
          label="我领取的"
          value={counts.data?.mine}
          unit="件"
          loading={counts.isLoading}
          onClick={() => apply({ ...EMPTY_QUEUE_FILTERS, mine: true })}
        />
      </SimpleGrid>
      <PageSection title="估价师工作台">
        <Stack gap="md">
          <FilterBar onSearch={() => apply(draft)} onReset={() => apply(EMPTY_QUEUE_FILTERS)}>
            <Select
              label="案件类型"
              data={KIND_OPTIONS}
              value={draft.kind}
              allowDeselect={false}
              w={140}
              onChange={(v) => v && set('kind', v as QueueFilters['kind'])}
            />
            <Select
              label="处理状态"
              data={STATE_OPTIONS}
              value={draft.state}
              allowDeselect={false}
              w={120}
              onChange={(v) => v && set('state', v as QueueFilters['state'])}
            />
            <TextInput
              label="城市"
              placeholder="城市名称或代码"
              value={draft.city}
              w={160}
              maxLength={50}
              onChange={(e) => set('city', e.currentTarget.value)}
            />
            <Select
              label="提交时间"
              data={AGE_OPTIONS}
              value={draft.age}
              allowDeselect={false}
              w={140}
              onChange={(v) => set('age', v ?? '')}
            />
            <Checkbox label="只看我领取的" checked={draft.mine} mb={8} onChange={(e) => set('mine', e.currentTarget.checked)} />
          </FilterBar>
          {queue.isError && !queue.data ? (
            <LoadError onRetry={() => void queue.refetch()} />
          ) : (
            <AppraisalQueueTable
              rows={queue.data?.list}
              loading={queue.isLoading}
              fetching={queue.isFetching && !queue.isLoading}
              page={pageIndex}
              pageSize={pageSize}
              total={queue.data?.total ?? 0}
              onPageChange={setPageIndex}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPageIndex(1);
              }}
              caseHref={(id) => link('appraisalCase', undefined, { id })}
              onClaim={granted.has(Perm.appraiserClaim) ? claim : undefined}
              claimingId={action.isPending ? action.variables?.id : undefined}
            />
          )}
        </Stack>
      </PageSection>
    </Stack>
  );
}
