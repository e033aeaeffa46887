import { PAGE_SIZES } from '@valuation/contracts';
import { CHANNEL_ACCOUNT_PAGE_SIZES, Perm, type AccountKind, type Population } from '@valuation/domain';
import type { FilterField, FilterOption } from '@valuation/ui';
import type { Area } from '../../../app/session/population';

/** The three account back-offices: the organisation's accounts, the channel's customer accounts and its staff. */
export type AccountSideName = 'org' | 'customer' | 'staff';

export interface AccountSide {
  name: AccountSideName;
  area: Area;
  population: Population;
  title: string;
  /** Route names of the list and of the role assignment (`:id` the account). */
  listRoute: string;
  assignRoute: string;
  /** Which table the channel's shared calls mean; none on the organisation side. */
  accountKind?: AccountKind;
  urls: { list: string; add: string; edit: string; status: string; detail: string; assign: string; roles: string };
  perms: { add: number; edit: number; status: number; assign: number };
  pageSizes: readonly number[];
  /** The fields of the form and the columns beyond those all sides have. */
  organisation: boolean;
  company: boolean;
  expiryRequired: boolean;
}

export const ACCOUNT_SIDES: Readonly<Record<AccountSideName, AccountSide>> = {
  org: {
    name: 'org',
    area: 'org',
    population: 'user',
    title: '账号管理',
    listRoute: 'accountManage',
    assignRoute: 'assignRole',
    urls: {
      list: '/api/auth/user/list',
      add: '/api/auth/user/add',
      edit: '/api/auth/user/edit',
      status: '/api/auth/user/changeStatus',
      detail: '/api/auth/user/infoDetail',
      assign: '/api/auth/user/distributionRole',
      roles: '/api/auth/role/list',
    },
    perms: { add: Perm.accountAdd, edit: Perm.accountEdit, status: Perm.accountStatus, assign: Perm.accountAssignRole },
    pageSizes: PAGE_SIZES,
    organisation: true,
    company: false,
    expiryRequired: false,
  },
  customer: {
    name: 'customer',
    area: 'channel',
    population: 'tenant',
    title: '客户账号',
    listRoute: 'customerAccount',
    assignRoute: 'customerAssignRole',
    accountKind: 'c',
    urls: {
      list: '/api/tenant/auth/user/c/list',
      add: '/api/tenant/auth/user/c/add',
      edit: '/api/tenant/auth/user/c/edit',
      status: '/api/tenant/auth/user/changeStatus',
      detail: '/api/tenant/auth/user/infoDetail',
      assign: '/api/tenant/auth/user/distributionRole',
      roles: '/api/tenant/auth/role/c/list',
    },
    perms: {
      add: Perm.customerAccountAdd,
      edit: Perm.customerAccountEdit,
      status: Perm.customerAccountStatus,
      assign: Perm.customerAccountAssignRole,
    },
    pageSizes: CHANNEL_ACCOUNT_PAGE_SIZES,
    organisation: false,
    company: true,
    expiryRequired: false,
  },
  staff: {
    name: 'staff',
    area: 'channel',
    population: 'tenant',
    title: '员工账号',
    listRoute: 'sysAccount',
    assignRoute: 'sysAssignRole',
    accountKind: 't',
    urls: {
      list: '/api/tenant/auth/user/t/list',
      add: '/api/tenant/auth/user/t/add',
      edit: '/api/tenant/auth/user/t/edit',
      status: '/api/tenant/auth/user/changeStatus',
      detail: '/api/tenant/auth/user/infoDetail',
      assign: '/api/tenant/auth/user/distributionRole',
      roles: '/api/tenant/auth/role/t/list',
    },
    perms: { add: Perm.staffAccountAdd, edit: Perm.staffAccountEdit, status: Perm.staffAccountStatus, assign: Perm.staffAccountAssignRole },
    pageSizes: CHANNEL_ACCOUNT_PAGE_SIZES,
    organisation: false,
    company: false,
    expiryRequired: true,
  },
};

/** The status filter's values: the list's status 0 reads as "no filter" in the URL rules, so the filter has words of its own. */
const STATUS_FILTER: Readonly<Record<string, number>> = { enabled: 0, disabled: 1 };

/** The filters of a side's list: account, name, (organisation tree | customer company), role, status. */
export function accountFilters(side: AccountSide, roles: readonly { id: number; name: string }[]): FilterField[] {
  const roleOptions: FilterOption[] = [{ value: '', label: '全部角色' }, ...roles.map((r) => ({ value: String(r.id), label: r.name }))];
  return [
    { kind: 'text', key: 'loginUser', label: '账号', placeholder: '请输入账号', maxLength: 18, width: 160 },
    { kind: 'text', key: 'userName', label: '姓名', placeholder: '请输入姓名', maxLength: 20, width: 150 },
    ...(side.organisation ? [{ kind: 'orgTree', key: 'organizationIds', label: '机构', width: 220 } as const] : []),
    ...(side.company
      ? [{ kind: 'text', key: 'customerCompanyName', label: '客户公司', placeholder: '请输入客户公司', maxLength: 50, width: 180 } as const]
      : []),
    { kind: 'select', key: 'roleId', label: '角色', options: roleOptions, width: 150 },
    {
      kind: 'select',
      key: 'state',
      label: '状态',
      options: [
        { value: '', label: '全部' },
        { value: 'enabled', label: '启用' },
        { value: 'disabled', label: '禁用' },
      ],
      width: 110,
    },
  ];
}

/**
 * The list request of the applied filters: the status in the API's words, and on the organisation
 * side the organisations chosen, or every organisation of the tree when none is (the list needs one).
 */
export function accountListQuery(
  query: Readonly<Record<string, string>>,
  treeIds: readonly number[],
): Record<string, string | number | number[]> {
  const { state, organizationIds, ...rest } = query;
  const out: Record<string, string | number | number[]> = { ...rest };
  if (state && state in STATUS_FILTER) out.status = STATUS_FILTER[state];
  if (organizationIds !== undefined || treeIds.length) {
    const chosen = (organizationIds ?? '')
      .split(',')
      .filter((v) => /^\d+$/.test(v))
      .map(Number);
    out.organizationIds = chosen.length ? chosen : [...treeIds];
  }
  return out;
}

/** The account a role-assignment route names: a positive id, or null. */
export function accountRouteId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
