import { Badge, Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { AllocationRow } from '@valuation/contracts';
import { ALLOCATION_ACTION_LABELS, AllocationAction, BalanceMsg } from '@valuation/domain';
import { DateTimeCell, ListPage, ShortText, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { exportAllocations, useAllocations } from '../api/user-balance-api';
import { AllocationTotals } from '../components/AllocationTotals';
import { CountCell, CountTitle } from '../components/CountCell';
import { OrgTreeLayout } from '../components/OrgTreeLayout';
import { useBalanceListView } from '../hooks/use-balance-list-view';
import { ALLOCATION_FIELDS, allocationListFilter } from '../model/balance-lists';
import { ORG_KEY } from '../model/org-choice';

/** A count column; a revoke's counts are negative. */
const countColumn = (key: keyof AllocationRow & `${string}Count`, what: string, unit: string): TableColumn<AllocationRow> => ({
  key,
  title: <CountTitle lines={[what, unit]} />,
  align: 'right',
  nowrap: true,
  render: (r) => <CountCell value={r[key]} />,
});

const COLUMNS: TableColumn<AllocationRow>[] = [
  { key: 'orderNo', title: '分配单号', field: 'orderNo', nowrap: true },
  {
    key: 'action',
    title: '操作',
    nowrap: true,
    render: (r) => (
      <Badge variant="light" color={r.action === AllocationAction.revoke ? 'orange' : 'blue'}>
        {r.actionName || ALLOCATION_ACTION_LABELS[r.action] || '--'}
      </Badge>
    ),
  },
  { key: 'loginUser', title: '账号', field: 'loginUser', nowrap: true },
  { key: 'userName', title: '姓名', render: (r) => <ShortText text={r.userName} max={5} /> },
  { key: 'organizationName', title: '所属机构', render: (r) => <ShortText text={r.organizationName} max={8} /> },
  countColumn('annuallyCount', '包年城市', '估价次数'),
  countColumn('universalCount', '全国通用', '估价次数'),
  countColumn('advisoryCount', '咨询报告', '份数'),
  countColumn('inquiryCount', '询价报告', '份数'),
  { key: 'createName', title: '操作人', render: (r) => <ShortText text={r.createName} max={5} /> },
  { key: 'createTime', title: '操作时间', width: 110, render: (r) => <DateTimeCell value={r.createTime} /> },
];

/**
 * Route AssignRecords (`/org/AssignRecords`, permission 107): the allocations and revokes in the
 * ticked organisations, by order number, account, name, allocator and date (the last month up to
 * today by default), their net totals, and the export of what the filters match.
 */
export function AssignRecordsPage() {
  const { tree, treeIds, orgValue, setOrgValue, view } = useBalanceListView(ALLOCATION_FIELDS);
  const { state } = view;
  const filter = useMemo(() => allocationListFilter(state.applied, state.query, treeIds), [state.applied, state.query, treeIds]);
  const records = useAllocations({ ...filter, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const applied = state.applied[ORG_KEY];
  const backHref = link('BalanceManagement', applied ? { [ORG_KEY]: applied } : undefined);
  const noOrgs = filter.organizationIds.length === 0 && !tree.isLoading;
  const loading = tree.isLoading || records.isLoading;

  return (
    <OrgTreeLayout tree={tree} value={orgValue} onChange={setOrgValue}>
      <ListPage
        title="分配记录"
        headerActions={
          backHref && (
            <Button component={Link} to={backHref} variant="default" leftSection={<IconArrowLeft size={16} />}>
              返回余额管理
            </Button>
          )
        }
        intro={<AllocationTotals stat={noOrgs ? undefined : records.data?.stat} loading={loading} />}
        {...view}
        result={{ ...records, data: records.data?.list, isLoading: loading }}
        exportAction={{ run: () => exportAllocations(filter) }}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        emptyText={noOrgs ? BalanceMsg.organizationRequired : '暂无数据'}
        minWidth={760}
      />
    </OrgTreeLayout>
  );
}
