import { Badge, Button, Text } from '@mantine/core';
import type { DriftAlertView } from '@valuation/contracts';
import { DRIFT_KIND_LABELS, formatEvalPrice, Perm, type DriftKind } from '@valuation/domain';
import { askConfirm, ListPage, UnreadDot, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { exportDriftAlerts, useDriftAlertUnreadCount, useDriftAlerts, useMarkDriftAlertsRead } from '../api/collateral-api';
import { DRIFT_ALERT_FIELDS, driftAlertQuery, REVAL_PAGE_SIZES } from '../model/collateral-list';

const KIND_COLORS: Record<DriftKind, string> = { originDrop: 'red', lastDrop: 'orange', ltv: 'grape', classC: 'yellow' };

const COLUMNS: readonly TableColumn<DriftAlertView>[] = [
  { key: 'dot', title: '', width: 16, render: (a) => <UnreadDot unread={!a.read} /> },
  {
    key: 'createTime',
    title: '预警时间',
    nowrap: true,
    render: (a) => (
      <Text size="sm" fw={a.read ? undefined : 700}>
        {a.createTime}
      </Text>
    ),
  },
  {
    key: 'kind',
    title: '预警类型',
    nowrap: true,
    render: (a) => (
      <Badge color={KIND_COLORS[a.kind as DriftKind] ?? 'gray'} variant="light" radius="sm">
        {DRIFT_KIND_LABELS[a.kind as DriftKind] ?? a.kind}
      </Badge>
    ),
  },
  {
    key: 'place',
    title: '城市/小区',
    render: (a) => (
      <div>
        <Text size="sm">{a.haName ?? '--'}</Text>
        <Text size="xs" c="dimmed">
          {a.cityName} · 资产 {a.assetId}
        </Text>
      </div>
    ),
  },
  { key: 'loanNo', title: '贷款编号', nowrap: true, render: (a) => a.loanNo ?? '--' },
  { key: 'loanAmount', title: '贷款余额', align: 'right', nowrap: true, render: (a) => formatEvalPrice(a.loanAmount, 1, 2) },
  { key: 'totalPrice', title: '重估价值', align: 'right', nowrap: true, render: (a) => formatEvalPrice(a.totalPrice, 1) },
  {
    key: 'message',
    title: '说明',
    render: (a) => (
      <Text size="sm" fw={a.read ? undefined : 700}>
        {a.message}
      </Text>
    ),
  },
  { key: 'runId', title: '重估任务', field: 'runId', nowrap: true },
];

/**
 * Route collateralAlerts (`/org/collateralAlerts`, permission 116): the alerts the revaluation runs
 * raised, the unread ones in bold with a dot, marked read one by one or all at once.
 */
export function DriftAlertsPage() {
  const view = useListView('user', { fields: DRIFT_ALERT_FIELDS, pageSizes: REVAL_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => driftAlertQuery(state.query), [state.query]);
  const alerts = useDriftAlerts({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const unread = useDriftAlertUnreadCount(true).data ?? 0;
  const markRead = useMarkDriftAlertsRead();
  const { mutate: mark } = markRead;
  const markingId = markRead.isPending && markRead.variables && 'ids' in markRead.variables ? markRead.variables.ids[0] : null;
  const actions = useMemo<RowAction<DriftAlertView>[]>(
    () => [
      { key: 'run', label: '重估明细', permission: Perm.collateral, href: (a) => link('collateralRun', undefined, { id: a.runId }) },
      {
        key: 'read',
        label: '标为已读',
        permission: Perm.collateral,
        visible: (a) => !a.read,
        busy: (a) => a.id === markingId,
        onClick: (a) => mark({ ids: [a.id] }),
      },
    ],
    [link, mark, markingId],
  );
  const markAll = async () => {
    if (await askConfirm({ message: `将${unread}条未读预警全部标为已读？`, confirmLabel: '全部标为已读' })) mark({ all: true });
  };
  return (
    <ListPage
      title="押品预警"
      headerActions={
        <Button variant="light" size="sm" disabled={unread === 0} loading={markRead.isPending} onClick={() => void markAll()}>
          全部标为已读{unread > 0 ? `（${unread}）` : ''}
        </Button>
      }
      {...view}
      result={alerts}
      columns={COLUMNS}
      rowKey={(a) => a.id}
      rowActions={actions}
      exportAction={{ permission: Perm.driftAlertExport, run: (q) => exportDriftAlerts(driftAlertQuery(q)) }}
      errorMessage="押品预警加载失败"
      emptyText="暂无预警"
      minWidth={1120}
    />
  );
}
