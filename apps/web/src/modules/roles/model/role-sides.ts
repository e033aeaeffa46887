import { Perm, type Population } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';
import type { Area } from '../../../app/session/population';

/** The three role back-offices: the organisation's roles, the channel's customer roles and its staff roles. */
export type RoleSideName = 'org' | 'customer' | 'staff';

export interface RoleSide {
  name: RoleSideName;
  area: Area;
  population: Population;
  title: string;
  /** Route names of the list and of the editor (`:id` a number or 'add'). */
  listRoute: string;
  editRoute: string;
  urls: { list: string; tree: string; detail: string; add: string; edit: string; delete: string };
  perms: { add: number; edit: number; delete: number };
}

export const ROLE_SIDES: Readonly<Record<RoleSideName, RoleSide>> = {
  org: {
    name: 'org',
    area: 'org',
    population: 'user',
    title: '角色管理',
    listRoute: 'roleManage',
    editRoute: 'editRole',
    urls: {
      list: '/api/auth/role/pageable',
      tree: '/api/auth/resource/distributiones',
      detail: '/api/auth/role/infodetailById',
      add: '/api/auth/role/add',
      edit: '/api/auth/role/edit',
      delete: '/api/auth/role/delete',
    },
    perms: { add: Perm.roleAdd, edit: Perm.roleEdit, delete: Perm.roleDelete },
  },
  customer: {
    name: 'customer',
    area: 'channel',
    population: 'tenant',
    title: '客户角色',
    listRoute: 'customerRole',
    editRoute: 'customerEditRole',
    urls: {
      list: '/api/tenant/auth/role/t/c/pageable',
      tree: '/api/tenant/auth/resource/t/c/distributiones',
      detail: '/api/tenant/auth/role/infodetailById',
      add: '/api/tenant/auth/role/c/add',
      edit: '/api/tenant/auth/role/c/edit',
      delete: '/api/tenant/auth/role/delete',
    },
    perms: { add: Perm.customerRoleAdd, edit: Perm.customerRoleEdit, delete: Perm.customerRoleDelete },
  },
  staff: {
    name: 'staff',
    area: 'channel',
    population: 'tenant',
    title: '员工角色',
    listRoute: 'sysRole',
    editRoute: 'sysEditRole',
    urls: {
      list: '/api/tenant/auth/role/t/pageable',
      tree: '/api/tenant/auth/resource/t/distributiones',
      detail: '/api/tenant/auth/role/infodetailById',
      add: '/api/tenant/auth/role/t/add',
      edit: '/api/tenant/auth/role/t/edit',
      delete: '/api/tenant/auth/role/delete',
    },
    perms: { add: Perm.staffRoleAdd, edit: Perm.staffRoleEdit, delete: Perm.staffRoleDelete },
  },
};

/** The filters of every role list: code (digits only), name, updater and the update date range. */
export const ROLE_FILTERS: readonly FilterField[] = [
  { kind: 'text', key: 'code', label: '角色编码', placeholder: '请输入角色编码', maxLength: 10, digitsOnly: true, width: 150 },
  { kind: 'text', key: 'name', label: '角色名称', placeholder: '请输入角色名称', maxLength: 20, width: 170 },
  { kind: 'text', key: 'updateName', label: '更新人', placeholder: '请输入更新人', maxLength: 20, width: 150 },
  { kind: 'dateRange', key: 'updateDate', label: '更新时间', beginKey: 'beginDate', endKey: 'endDate' },
];

/** The role an editor route names: a positive id, 'add' for a new role, or null for anything else. */
export function roleRouteId(param: string | undefined): number | 'add' | null {
  if (param === 'add') return 'add';
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** How long the editor waits after a successful save before showing the list again (the spec's reload). */
export const ROLE_SAVED_RELOAD_MS = 300;
