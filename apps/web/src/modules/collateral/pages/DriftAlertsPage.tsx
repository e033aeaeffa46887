import { Badge, Text } from '@mantine/core';
import type { DriftAlertView } from '@valuation/contracts';
import { DRIFT_KIND_LABELS, formatEvalPrice, Perm, type DriftKind } from '@valuation/domain';
import { ListPage, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { exportDriftAlerts, useDriftAlerts } from '../api/collateral-api';
import { DRIFT_ALERT_FIELDS, driftAlertQuery, REVAL_PAGE_SIZES } from '../model/collateral-list';

const KIND_COLORS: Record<DriftKind, string> = { originDrop: 'red', lastDrop: 'orange', ltv: 'grape', classC: 'yellow' };

const COLUMNS: readonly TableColumn<DriftAlertView>[] = [
  { key: 'createTime', title: '预警时间', field: 'createTime', nowrap: true },
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
  { key: 'message', title: '说明', field: 'message' },
  { key: 'runId', title: '重估任务', field: 'runId', nowrap: true },
];

/** Route collateralAlerts (`/org/collateralAlerts`, permission 116): the alerts the revaluation runs raised. */
export function DriftAlertsPage() {
  const view = useListView('user', { fields: DRIFT_ALERT_FIELDS, pageSizes: REVAL_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => driftAlertQuery(state.query), [state.query]);
  const alerts = useDriftAlerts({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const actions = useMemo<RowAction<DriftAlertView>[]>(
    () => [{ key: 'run', label: '重估明细', permission: Perm.collateral, href: (a) => link('collateralRun', undefined, { id: a.runId }) }],
    [link],
  );
  return (
    <ListPage
      title="押品预警"
      {...view}
      result={alerts}
      columns={COLUMNS}
      rowKey={(a) => a.id}
      rowActions={actions}
      exportAction={{ permission: Perm.driftAlertExport, run: (q) => exportDriftAlerts(driftAlertQuery(q)) }}
      errorMessage="押品预警加载失败"
      emptyText="暂无预警"
      minWidth={960}
    />
  );
}
