import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AppraisalQueueRow } from '@valuation/contracts';
import { APPRAISAL_QUEUE_PAGE_SIZES, AppraisalMsg, formatAreaText, Perm } from '@valuation/domain';
import { CHECKED, ListPage, StatTile, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { notifyActionError } from '../components/ActionError';
import { KindBadge, OverdueBadge, StateBadge } from '../components/CaseBadges';
import { useAppraisalAction, useAppraisalCounts, useAppraisalQueue } from '../api/appraisal-api';
import { QUEUE_FIELDS, queueQuery } from '../model/appraisal-queue-filters';
import classes from './AppraisalQueuePage.module.css';

const address = (r: AppraisalQueueRow) => r.haName || r.location || r.cardAddress || '--';

/** Overdue rows are red (the row holds a data-overdue cell), then the due time. */
const COLUMNS: TableColumn<AppraisalQueueRow>[] = [
  {
    key: 'caseNo',
    title: '案件编号',
    nowrap: true,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm" ff="monospace" data-overdue={r.overdue || undefined}>
          {r.caseNo}
        </Text>
        <Text size="xs" c="dimmed">
          {r.companyName || '--'}
        </Text>
      </Stack>
    ),
  },
  { key: 'kind', title: '类型', nowrap: true, render: (r) => <KindBadge kind={r.kind} /> },
  { key: 'state', title: '状态', nowrap: true, render: (r) => <StateBadge kind={r.kind} machineState={r.machineState} /> },
  {
    key: 'house',
    title: '城市 / 小区',
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm">{address(r)}</Text>
        <Text size="xs" c="dimmed">
          {r.cityName} · {r.evalType === 2 ? '租金' : '售价'} · {formatAreaText(r.bldgArea)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'times',
    title: '提交 / 截止时间',
    nowrap: true,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm">{r.submitTime.slice(0, 16)}</Text>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c={r.overdue ? undefined : 'dimmed'} fw={r.overdue ? 600 : undefined}>
            {r.dueTime.slice(0, 16)}
          </Text>
          {r.overdue && <OverdueBadge />}
        </Group>
      </Stack>
    ),
  },
  {
    key: 'assignee',
    title: '处理人',
    nowrap: true,
    render: (r) =>
      r.assigneeName ?? (
        <Text size="sm" c="dimmed">
          未领取
        </Text>
      ),
  },
];

/** Route appraisalQueue (`/channel/appraisalQueue`): manual enquiries, re-appraisals and objections to answer. */
export function AppraisalQueuePage() {
  const view = useListView('tenant', { fields: QUEUE_FIELDS, pageSizes: APPRAISAL_QUEUE_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => queueQuery(state.applied), [state.applied]);
  const queue = useAppraisalQueue({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const counts = useAppraisalCounts();
  const action = useAppraisalAction();
  const link = useRouteLink('channel');

  const actions = useMemo<RowAction<AppraisalQueueRow>[]>(
    () => [
      {
        key: 'claim',
        label: '领取',
        permission: Perm.appraiserClaim,
        visible: (r) => r.machineState === 'pending',
        busy: (r) => action.isPending && action.variables?.id === r.id,
        onClick: (r) =>
          action.mutate(
            { action: 'claim', id: r.id, version: r.version },
            {
              onSuccess: () => notifications.show({ color: 'green', message: `${AppraisalMsg.claimed}：${r.caseNo}` }),
              onError: notifyActionError,
            },
          ),
      },
      { key: 'handle', label: '处理', href: (r) => link('appraisalCase', undefined, { id: r.id }) },
    ],
    [action, link],
  );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile label="待处理案件" value={counts.data?.open} unit="件" loading={counts.isLoading} onClick={() => state.apply({})} />
        <StatTile label="已超时" value={counts.data?.overdue} unit="件" loading={counts.isLoading} onClick={() => state.apply({})} />
        <StatTile
          label="我领取的"
          value={counts.data?.mine}
          unit="件"
          loading={counts.isLoading}
          onClick={() => state.apply({ mine: CHECKED })}
        />
      </SimpleGrid>
      <Box className={classes.queue}>
        <ListPage
          title="估价师工作台"
          {...view}
          result={queue}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          rowActions={actions}
          emptyText="暂无待处理案件"
          errorMessage="案件加载失败"
          minWidth={900}
        />
      </Box>
    </Stack>
  );
}
