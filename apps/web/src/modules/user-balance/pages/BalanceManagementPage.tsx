import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments, IconListDetails } from '@tabler/icons-react';
import type { UserBalanceRow } from '@valuation/contracts';
import { BalanceMsg, Perm, USER_TYPE_LABELS, type UserType } from '@valuation/domain';
import { askConfirm, ListPage, ShortText, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useRevoke, useUserBalances } from '../api/user-balance-api';
import { AllocatableSummary } from '../components/AllocatableSummary';
import { AllocationDialog } from '../components/AllocationDialog';
import { CountCell, CountTitle } from '../components/CountCell';
import { OrgTreeLayout } from '../components/OrgTreeLayout';
import { useBalanceListView } from '../hooks/use-balance-list-view';
import type { AllocationTarget } from '../model/allocation-form';
import { BALANCE_FIELDS, balanceListFilter } from '../model/balance-lists';
import { ORG_KEY } from '../model/org-choice';

const countColumn = (key: keyof UserBalanceRow & `${string}Count`, what: string, left: string): TableColumn<UserBalanceRow> => ({
  key,
  title: <CountTitle lines={[what, left]} />,
  align: 'right',
  nowrap: true,
  render: (r) => <CountCell value={r[key]} />,
});

const COLUMNS: TableColumn<UserBalanceRow>[] = [
  { key: 'loginUser', title: '账号', field: 'loginUser', nowrap: true },
  { key: 'userName', title: '姓名', render: (r) => <ShortText text={r.userName} max={5} /> },
  { key: 'organizationName', title: '所属机构', render: (r) => <ShortText text={r.organizationName} max={8} /> },
  { key: 'userType', title: '账号类型', nowrap: true, render: (r) => USER_TYPE_LABELS[r.userType as UserType] ?? '--' },
  countColumn('annuallyCount', '包年城市', '剩余次数'),
  countColumn('universalCount', '全国通用', '剩余次数'),
  countColumn('advisoryCount', '咨询报告', '剩余份数'),
  countColumn('inquiryCount', '询价报告', '剩余份数'),
];

/**
 * Route BalanceManagement (`/org/BalanceManagement`, permission 107): what the administrator can
 * allocate, the accounts of the ticked organisations with their remaining counts, allocation to an
 * account and revoking what it has not used, and the defaults allocations are prefilled with.
 */
export function BalanceManagementPage() {
  const { tree, treeIds, orgValue, setOrgValue, orgsTicked, view } = useBalanceListView(BALANCE_FIELDS);
  const { state } = view;
  const filter = useMemo(() => balanceListFilter(state.applied, state.query, treeIds), [state.applied, state.query, treeIds]);
  const balances = useUserBalances({ ...filter, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const revoke = useRevoke();
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<AllocationTarget | null>(null);
  const summary = balances.data?.customerBalance;
  const noOrgs = filter.organizationIds.length === 0 && !tree.isLoading;

  const actions = useMemo<RowAction<UserBalanceRow>[]>(
    () => [
      {
        key: 'allocate',
        label: '分配',
        permission: Perm.balanceAllocate,
        visible: (r) => !r.self,
        onClick: (r) => setDialog({ mode: 'allocate', row: r }),
      },
      {
        key: 'revoke',
        label: '收回',
        color: 'red',
        permission: Perm.balanceAllocate,
        visible: (r) => r.revocable,
        busy: (r) => revoke.isPending && revoke.variables?.balanceId === r.id,
        onClick: async (r) => {
          const sure = await askConfirm({ title: '收回余额', message: BalanceMsg.revokeConfirm, confirmLabel: '收回', danger: true });
          if (sure)
            revoke.mutate(
              { balanceId: r.id, userType: r.userType },
              { onSuccess: () => notifications.show({ color: 'green', message: BalanceMsg.balanceRevoked }) },
            );
        },
      },
    ],
    [revoke],
  );

  /* 分配记录 of the organisations ticked now (all of them by default). */
  const recordsHref = link('AssignRecords', orgValue ? { [ORG_KEY]: orgValue } : undefined);
  const openRecords = () => {
    if (!orgsTicked) {
      notifications.show({ id: 'balance-organisations', color: 'yellow', message: BalanceMsg.organizationRequired });
      return;
    }
    if (recordsHref) navigate(recordsHref);
  };

  return (
    <OrgTreeLayout tree={tree} value={orgValue} onChange={setOrgValue}>
      <ListPage
        title="余额管理"
        intro={<AllocatableSummary summary={summary} loading={tree.isLoading || balances.isLoading} />}
        toolbar={
          <>
            {recordsHref !== undefined && (
              <Button variant="default" leftSection={<IconListDetails size={16} />} onClick={openRecords}>
                分配记录
              </Button>
            )}
            {view.granted.has(Perm.balanceAllocate) && (
              <Button
                variant="light"
                leftSection={<IconAdjustments size={16} />}
                disabled={!summary}
                onClick={() => setDialog({ mode: 'defaults' })}
              >
                设置默认值
              </Button>
            )}
          </>
        }
        {...view}
        result={{ ...balances, data: balances.data?.list, isLoading: tree.isLoading || balances.isLoading }}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        actionsWidth={96}
        emptyText={noOrgs ? BalanceMsg.organizationRequired : '暂无数据'}
        minWidth={640}
      />
      <AllocationDialog target={dialog} summary={summary} onClose={() => setDialog(null)} />
    </OrgTreeLayout>
  );
}
