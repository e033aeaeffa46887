import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { PAGE_SIZES, type RoleRow } from '@valuation/contracts';
import { RoleMsg } from '@valuation/domain';
import { askConfirm, ListPage, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useDeleteRole, useRoles } from '../api/role-api';
import { ROLE_FILTERS, ROLE_SIDES, type RoleSide, type RoleSideName } from '../model/role-sides';

const COLUMNS: TableColumn<RoleRow>[] = [
  { key: 'code', title: '角色编码', field: 'code', nowrap: true },
  { key: 'name', title: '角色名称', field: 'name' },
  { key: 'createdTime', title: '创建时间', field: 'createdTime', nowrap: true },
  { key: 'createdName', title: '创建人', field: 'createdName' },
  { key: 'updatedTime', title: '更新时间', field: 'updatedTime', nowrap: true },
  { key: 'updatedName', title: '更新人', field: 'updatedName' },
  { key: 'userCount', title: '已分配账号数', field: 'userCount', align: 'right' },
];

/** A role list (roleManage, customerRole, sysRole): filters, the roles and their edit and delete actions. */
function RoleListPage({ side }: { side: RoleSide }) {
  const view = useListView(side.population, { fields: ROLE_FILTERS, pageSizes: PAGE_SIZES });
  const { state, granted } = view;
  const query = useMemo(
    () => ({ ...state.query, pageIndex: state.pageIndex, pageSize: state.pageSize }),
    [state.query, state.pageIndex, state.pageSize],
  );
  const roles = useRoles(side, query);
  const remove = useDeleteRole(side);
  const link = useRouteLink(side.area);
  const addHref = granted.has(side.perms.add) ? link(side.editRoute, undefined, { id: 'add' }) : undefined;

  const actions = useMemo<RowAction<RoleRow>[]>(
    () => [
      { key: 'edit', label: '编辑', permission: side.perms.edit, href: (r) => link(side.editRoute, undefined, { id: r.id }) },
      {
        key: 'delete',
        label: '删除',
        color: 'red',
        permission: side.perms.delete,
        busy: (r) => remove.isPending && remove.variables === r.id,
        onClick: async (r) => {
          if (await askConfirm({ message: RoleMsg.confirmDelete, confirmLabel: '删除', danger: true })) {
            remove.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: RoleMsg.deleted }) });
          }
        },
      },
    ],
    [link, remove, side],
  );

  return (
    <ListPage
      title={side.title}
      headerActions={
        addHref && (
          <Button component={Link} to={addHref} leftSection={<IconPlus size={16} />}>
            新增角色
          </Button>
        )
      }
      {...view}
      result={roles}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      rowActions={actions}
      minWidth={960}
    />
  );
}

const sidePage = (name: RoleSideName) => {
  const Page = () => <RoleListPage side={ROLE_SIDES[name]} />;
  Page.displayName = `RoleListPage(${name})`;
  return Page;
};

/** Route roleManage (`/org/roleManage`, permission 12). */
export const OrgRoleListPage = sidePage('org');
/** Route customerRole (`/channel/customerRole`, permission 69): the tenant-wide customer roles. */
export const CustomerRoleListPage = sidePage('customer');
/** Route sysRole (`/channel/sysRole`, permission 74): the staff roles. */
export const StaffRoleListPage = sidePage('staff');
