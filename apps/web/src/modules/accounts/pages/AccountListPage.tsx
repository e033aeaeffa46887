import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { AccountRow } from '@valuation/contracts';
import { AccountMsg, AccountStatus } from '@valuation/domain';
import { allOrgIds, askConfirm, ListPage, ShortText, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useAccounts, useChangeStatus, useOrganisationTree, useRoleOptions } from '../api/account-api';
import { AccountFormDialog } from '../components/AccountFormDialog';
import type { AccountFormTarget } from '../model/account-form';
import { ACCOUNT_SIDES, accountFilters, accountListQuery, type AccountSide, type AccountSideName } from '../model/account-sides';

const text = (max: number, pick: (r: AccountRow) => string) => (r: AccountRow) => <ShortText text={pick(r)} max={max} />;

/** The columns of a side's list (the spec's truncation: name 5, company 10, e-mail 20, phone 25, roles 10). */
function accountColumns(side: AccountSide): TableColumn<AccountRow>[] {
  return [
    { key: 'loginUser', title: '账号', field: 'loginUser', nowrap: true },
    { key: 'userName', title: '姓名', render: text(5, (r) => r.userName) },
    ...(side.organisation ? [{ key: 'organizationName', title: '机构', render: text(10, (r: AccountRow) => r.organizationName) }] : []),
    ...(side.company
      ? [{ key: 'customerCompanyName', title: '客户公司', render: text(10, (r: AccountRow) => r.customerCompanyName) }]
      : []),
    { key: 'email', title: '邮箱', render: text(20, (r) => r.email) },
    { key: 'mobilePhone', title: '电话', render: text(25, (r) => r.mobilePhone) },
    { key: 'roleNames', title: '角色', render: text(10, (r) => r.roleNames) },
    {
      key: 'status',
      title: '状态',
      nowrap: true,
      render: (r) => (
        <Badge color={r.status === AccountStatus.Enabled ? 'green' : 'gray'} variant="light">
          {r.status === AccountStatus.Enabled ? '启用' : '禁用'}
        </Badge>
      ),
    },
    { key: 'createdTime', title: '创建时间', field: 'createdTime', nowrap: true },
    ...(side.company ? [{ key: 'updatedTime', title: '更新时间', field: 'updatedTime' as const, nowrap: true }] : []),
    { key: 'expireDate', title: '到期时间', nowrap: true, render: (r) => r.expireDate ?? '长期' },
  ];
}

/**
 * An account list (accountManage, customerAccount, sysAccount): the side's filters (the
 * organisation tree on the organisation side, where no choice means every organisation the user
 * may see), the accounts and their edit, enable/disable and assign-role actions.
 */
function AccountListPage({ side }: { side: AccountSide }) {
  const roles = useRoleOptions(side);
  const tree = useOrganisationTree(side.organisation);
  const fields = useMemo(() => accountFilters(side, roles.data ?? []), [side, roles.data]);
  const view = useListView(side.population, { fields, pageSizes: side.pageSizes });
  const { state, granted } = view;
  const treeIds = useMemo(() => allOrgIds(tree.data ?? []), [tree.data]);
  const query = useMemo(
    () => ({ ...accountListQuery(state.query, treeIds), pageIndex: state.pageIndex, pageSize: state.pageSize }),
    [state.query, treeIds, state.pageIndex, state.pageSize],
  );
  const accounts = useAccounts(side, query, !side.organisation || treeIds.length > 0 || Boolean(state.query.organizationIds));
  const status = useChangeStatus(side);
  const link = useRouteLink(side.area);
  const navigate = useNavigate();
  const [form, setForm] = useState<AccountFormTarget | null>(null);
  const canAssign = granted.has(side.perms.assign);

  const actions = useMemo<RowAction<AccountRow>[]>(
    () => [
      { key: 'edit', label: '编辑', permission: side.perms.edit, onClick: (r) => setForm({ kind: 'edit', row: r }) },
      {
        key: 'disable',
        label: '禁用',
        color: 'red',
        permission: side.perms.status,
        visible: (r) => r.status === AccountStatus.Enabled,
        busy: (r) => status.isPending && status.variables?.userId === r.id,
        onClick: async (r) => {
          if (await askConfirm({ title: '禁用账号', message: AccountMsg.confirmDisable, confirmLabel: '禁用', danger: true }))
            status.mutate(
              { userId: r.id, status: AccountStatus.Disabled },
              { onSuccess: () => notifications.show({ color: 'green', message: AccountMsg.disabled }) },
            );
        },
      },
      {
        key: 'enable',
        label: '启用',
        permission: side.perms.status,
        visible: (r) => r.status === AccountStatus.Disabled,
        busy: (r) => status.isPending && status.variables?.userId === r.id,
        onClick: async (r) => {
          if (await askConfirm({ title: '启用账号', message: AccountMsg.confirmEnable, confirmLabel: '启用' }))
            status.mutate(
              { userId: r.id, status: AccountStatus.Enabled },
              { onSuccess: () => notifications.show({ color: 'green', message: AccountMsg.enabled }) },
            );
        },
      },
      { key: 'assign', label: '分配角色', permission: side.perms.assign, href: (r) => link(side.assignRoute, undefined, { id: r.id }) },
    ],
    [side, status, link],
  );

  return (
    <>
      <ListPage
        title={side.title}
        headerActions={
          granted.has(side.perms.add) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ kind: 'add' })}>
              新增账号
            </Button>
          )
        }
        {...view}
        orgTree={tree.data}
        result={accounts}
        columns={accountColumns(side)}
        rowKey={(r) => r.id}
        rowActions={actions}
        minWidth={1100}
      />
      <AccountFormDialog
        side={side}
        target={form}
        orgTree={tree.data ?? []}
        onClose={() => setForm(null)}
        onAssign={
          canAssign
            ? (id) => {
                const href = link(side.assignRoute, undefined, { id });
                if (href) navigate(href);
              }
            : undefined
        }
      />
    </>
  );
}

const sidePage = (name: AccountSideName) => {
  const Page = () => <AccountListPage side={ACCOUNT_SIDES[name]} />;
  Page.displayName = `AccountListPage(${name})`;
  return Page;
};

/** Route accountManage (`/org/accountManage`, permission 11). */
export const OrgAccountListPage = sidePage('org');
/** Route customerAccount (`/channel/customerAccount`, permission 68). */
export const CustomerAccountListPage = sidePage('customer');
/** Route sysAccount (`/channel/sysAccount`, permission 73). */
export const StaffAccountListPage = sidePage('staff');
