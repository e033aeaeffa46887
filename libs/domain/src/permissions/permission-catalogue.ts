/**
 * The permission catalogue: the numeric ids of the specifications, in a two-level tree.
 * Level-1 entries are pages (sidebar entries), level-2 entries are actions or data ranges on them.
 * `scope` says which population can hold the permission: customer accounts or tenant staff.
 */
export type PermissionScope = 'customer' | 'tenant';

export interface PermissionDefinition {
  id: number;
  name: string;
  parentId: number;
  sort: number;
  code: string;
  scope: PermissionScope;
  url: string;
}

type Row = [id: number, name: string, code: string, url?: string];
type Group = [page: Row, children: Row[]];

const customerTree: Group[] = [
  [
    [1, '快速估价', 'quickval:visible', 'api/eval/rapid'],
    [
      [110, '自动售价估价', 'eval:sale:visible', 'api/eval/rapid'],
      [111, '自动租金估价', 'eval:lease:visible', 'api/eval/rapid'],
      [112, '人工询价', 'artificial:add:visible', 'api/artificial/add'],
      [18, '地图定位', 'maps:visible', 'api/community/list'],
      [17, '估价字段设置', 'eval-field:visible', 'api/eval-field/list'],
      [22, '估价详情', 'eval:detail:visible', 'api/eval/get'],
      [34, '咨询报告', 'eval:advisory:visible', 'api/eval/advisory/add'],
      [35, '询价报告', 'eval:inquiry:visible', 'api/eval/inquiry/add'],
      [21, '人工复评', 'review:add:visible', 'api/review/add'],
    ],
  ],
  [
    [2, '估价记录', 'eval-record:visible', 'api/eval/list'],
    [
      [23, '加入资产', 'asset:add:visible', 'api/asset/add'],
      [24, '查看咨询报告', 'eval:advisory-view:visible', 'api/eval/advisory/export'],
      [25, '查看询价报告', 'eval:inquiry-view:visible', 'api/eval/inquiry/get'],
      [26, '导出Excel', 'eval:export:visible', 'api/eval/export'],
    ],
  ],
  [[104, '人工询价记录', 'artificial:list:visible', 'api/artificial/list'], []],
  [[105, '人工复评记录', 'review:list:visible', 'api/review/list'], [[4, '复评列表', 'objection-review:visible', 'api/review/list']]],
  [
    [3, '批量估价', 'batch:visible', 'api/batch/list'],
    [
      [27, '新建批量任务', 'batch:add:visible', 'api/batch/upload'],
      [28, '批量任务详情', 'batch:detail:visible', 'api/batch/detail'],
      [29, '批量明细导出', 'batch:export:visible', 'api/batch/items/export'],
    ],
  ],
  [[108, '机构估价', 'agency:visible', 'api/org/list'], []],
  [
    [5, '资产管理', 'asset:visible', 'api/asset/list'],
    [
      [30, '资产导出', 'asset:export:visible', 'api/asset/export'],
      [31, '资产删除', 'asset:delete:visible', 'api/asset/del'],
      [119, '贷款信息', 'asset:loan:visible', 'api/asset/loan'],
    ],
  ],
  [
    [116, '押品监测', 'collateral:visible', 'api/reval/runs'],
    [
      [117, '发起重估', 'collateral:run:visible', 'api/reval/run'],
      [118, '预警规则', 'collateral:rule:visible', 'api/reval/rule'],
      [120, '预警导出', 'collateral:export:visible', 'api/reval/alerts/export'],
    ],
  ],
  [[121, '押品价值趋势', 'loan:trend:visible', 'api/reval/analytics/trend'], []],
  [[122, '押品结构分析', 'loan:structure:visible', 'api/reval/analytics/structure'], []],
  [[123, '单押品分析', 'loan:house:visible', 'api/reval/analytics/house'], []],
  [[124, '贷后监测大屏', 'loan:screen:visible', 'api/reval/analytics/screen'], []],
  [
    [125, '贷款申请', 'loan:apply:visible', 'api/loan-apply/list'],
    [[128, '新增与审批', 'loan:apply:manage:visible', 'api/loan-apply/add']],
  ],
  [
    [7, '估价汇总统计', 'statistics:summary:visible', 'api/statistics/summary'],
    [
      [36, '汇总统计本机构数据', 'statistics:summary:own:dataRange', 'api/statistics/summary'],
      [37, '汇总统计本机构及下级数据', 'statistics:summary:sub:dataRange', 'api/statistics/summary'],
    ],
  ],
  [
    [8, '估价明细统计', 'statistics:items:visible', 'api/statistics/items'],
    [
      [38, '明细统计本机构数据', 'statistics:items:own:dataRange', 'api/statistics/items'],
      [39, '明细统计本机构及下级数据', 'statistics:items:sub:dataRange', 'api/statistics/items'],
    ],
  ],
  [
    [10, '机构管理', 'org:visible', 'api/auth/org/findMOrgs'],
    [
      [44, '机构管理本机构数据', 'org:own:dataRange', 'api/auth/org/findMOrgs'],
      [45, '机构管理本机构及下级数据', 'org:sub:dataRange', 'api/auth/org/findMOrgs'],
    ],
  ],
  [
    [11, '账号管理', 'user:visible', 'api/auth/user/list'],
    [
      [46, '新增账号', 'user:add:visible', 'api/auth/user/add'],
      [47, '编辑账号', 'user:edit:visible', 'api/auth/user/edit'],
      [48, '启用/禁用账号', 'user:status:visible', 'api/auth/user/changeStatus'],
      [49, '分配角色', 'user:assign-role:visible', 'api/auth/user/distributionRole'],
      [50, '账号管理本机构数据', 'user:own:dataRange', 'api/auth/user/list'],
      [51, '账号管理本机构及下级数据', 'user:sub:dataRange', 'api/auth/user/list'],
    ],
  ],
  [
    [12, '角色管理', 'role:visible', 'api/auth/role/pageable'],
    [
      [52, '新增角色', 'role:add:visible', 'api/auth/role/add'],
      [53, '编辑角色', 'role:edit:visible', 'api/auth/role/edit'],
      [54, '删除角色', 'role:delete:visible', 'api/auth/role/delete'],
    ],
  ],
  [
    [13, '业务管理', 'business:visible', 'api/business/pageable'],
    [
      [55, '新增业务', 'business:add:visible', 'api/business/add'],
      [56, '编辑业务', 'business:edit:visible', 'api/business/update'],
      [57, '删除业务', 'business:delete:visible', 'api/business/del'],
    ],
  ],
  [
    [14, '风控系数', 'risk:visible', 'api/risk/list'],
    [
      [58, '新增风控系数', 'risk:add:visible', 'api/risk/add'],
      [59, '编辑风控系数', 'risk:edit:visible', 'api/risk/update'],
      [60, '删除风控系数', 'risk:delete:visible', 'api/risk/del'],
    ],
  ],
  [
    [15, '资产类型', 'asset-type:visible', 'api/asset-type/pageable'],
    [[61, '新增资产类型', 'asset-type:add:visible', 'api/asset-type/add']],
  ],
  [[16, '网站配置', 'site-config:visible', 'api/site-config/save'], []],
  [[19, '估价字段配置', 'field-settings:visible', 'api/eval-field/save'], []],
  [[126, 'API密钥', 'api-key:visible', 'api/api-key/list'], [[127, '新增与吊销', 'api-key:manage:visible', 'api/api-key/add']]],
  [
    [107, '余额管理', 'balance:visible', 'api/user-balance/list'],
    [[20, '余额分配', 'balance:allocate:visible', 'api/user-balance/allocate']],
  ],
];

const tenantTree: Group[] = [
  [
    [66, '客户公司', 'customer-company:visible', 'api/tenant/customer-company/pageable'],
    [
      [78, '新增客户公司', 'customer-company:add:visible', 'api/tenant/customer-company/add'],
      [79, '编辑客户公司', 'customer-company:edit:visible', 'api/tenant/customer-company/update'],
      [80, '删除客户公司', 'customer-company:delete:visible', 'api/tenant/customer-company/delete'],
    ],
  ],
  [
    [67, '域名申请', 'customer-domain:visible', 'api/tenant/customer-domain/pageable'],
    [
      [81, '申请域名', 'customer-domain:add:visible', 'api/tenant/customer-domain/add'],
      [82, '编辑域名', 'customer-domain:edit:visible', 'api/tenant/customer-domain/update'],
      [83, '删除域名', 'customer-domain:delete:visible', 'api/tenant/customer-domain/delete'],
    ],
  ],
  [
    [68, '客户账号', 'customer-account:visible', 'api/tenant/auth/user/c/list'],
    [
      [84, '新增客户账号', 'customer-account:add:visible', 'api/tenant/auth/user/c/add'],
      [85, '编辑客户账号', 'customer-account:edit:visible', 'api/tenant/auth/user/c/edit'],
      [86, '启用/禁用客户账号', 'customer-account:status:visible', 'api/tenant/auth/user/changeStatus'],
      [87, '客户账号详情', 'customer-account:detail:visible', 'api/tenant/auth/user/infoDetail'],
      [88, '客户账号分配角色', 'customer-account:assign-role:visible', 'api/tenant/auth/user/distributionRole'],
    ],
  ],
  [
    [69, '客户角色', 'customer-role:visible', 'api/tenant/auth/role/t/c/pageable'],
    [
      [89, '新增客户角色', 'customer-role:add:visible', 'api/tenant/auth/role/c/add'],
      [90, '编辑客户角色', 'customer-role:edit:visible', 'api/tenant/auth/role/c/edit'],
      [91, '删除客户角色', 'customer-role:delete:visible', 'api/tenant/auth/role/delete'],
    ],
  ],
  [
    [70, '客户类别', 'customer-category:visible', 'api/tenant/customer-category/pageable'],
    [
      [92, '新增客户类别', 'customer-category:add:visible', 'api/tenant/customer-category/add'],
      [93, '编辑客户类别', 'customer-category:edit:visible', 'api/tenant/customer-category/update'],
      [94, '删除客户类别', 'customer-category:delete:visible', 'api/tenant/customer-category/delete'],
    ],
  ],
  [
    [71, '估价汇总统计与客户余额', 'tenant-statistics:summary:visible', 'api/tenant/statistics/summary'],
    [
      [62, '分配余额', 'customer-balance:order:visible', 'api/tenant/customer-balance/order'],
      [63, '订单记录', 'customer-balance:orders:visible', 'api/tenant/customer-balance/order/list'],
      [64, '余额明细', 'customer-balance:details:visible', 'api/tenant/customer-balance/balance/list'],
      [65, '余额导出', 'customer-balance:export:visible', 'api/tenant/customer-balance/list/export'],
    ],
  ],
  [[72, '估价明细统计', 'tenant-statistics:items:visible', 'api/tenant/statistics/items'], []],
  [[109, '估价申请', 'agency-application:visible', 'api/org/tenant/list'], []],
  [
    [73, '员工账号', 'staff-account:visible', 'api/tenant/auth/user/t/list'],
    [
      [95, '新增员工账号', 'staff-account:add:visible', 'api/tenant/auth/user/t/add'],
      [96, '编辑员工账号', 'staff-account:edit:visible', 'api/tenant/auth/user/t/edit'],
      [97, '启用/禁用员工账号', 'staff-account:status:visible', 'api/tenant/auth/user/changeStatus'],
      [98, '员工账号详情', 'staff-account:detail:visible', 'api/tenant/auth/user/infoDetail'],
      [99, '员工账号分配角色', 'staff-account:assign-role:visible', 'api/tenant/auth/user/distributionRole'],
    ],
  ],
  [
    [74, '员工角色', 'staff-role:visible', 'api/tenant/auth/role/t/pageable'],
    [
      [100, '新增员工角色', 'staff-role:add:visible', 'api/tenant/auth/role/t/add'],
      [101, '编辑员工角色', 'staff-role:edit:visible', 'api/tenant/auth/role/t/edit'],
      [102, '删除员工角色', 'staff-role:delete:visible', 'api/tenant/auth/role/delete'],
    ],
  ],
  [[75, '网站配置', 'tenant-site-config:visible', 'api/tenant/site-config/save'], []],
  [[76, '报告配置', 'report-config:visible', 'api/tenant/report-config/get'], []],
  [[77, '估价字段配置', 'tenant-eval-field:visible', 'api/tenant/eval-field/save'], []],
  [[103, '估价方法', 'eval-method:visible', 'api/org/tenant/updateevalclass'], []],
  [[106, '操作日志', 'operation-log:visible', 'api/tenant/logs/list'], []],
  [
    [113, '估价师工作台', 'appraiser:visible', 'api/tenant/appraisal/queue'],
    [
      [114, '领取与释放', 'appraiser:claim:visible', 'api/tenant/appraisal/claim'],
      [115, '答复与退回', 'appraiser:answer:visible', 'api/tenant/appraisal/answer'],
    ],
  ],
];

function flatten(tree: Group[], scope: PermissionScope): PermissionDefinition[] {
  const out: PermissionDefinition[] = [];
  tree.forEach(([[id, name, code, url], children], pageIndex) => {
    out.push({ id, name, code, scope, parentId: 0, sort: pageIndex + 1, url: url ?? '' });
    children.forEach(([cid, cname, ccode, curl], childIndex) => {
      out.push({ id: cid, name: cname, code: ccode, scope, parentId: id, sort: childIndex + 1, url: curl ?? '' });
    });
  });
  return out;
}

export const PERMISSIONS: readonly PermissionDefinition[] = [...flatten(customerTree, 'customer'), ...flatten(tenantTree, 'tenant')];

export const PERMISSION_BY_ID: ReadonlyMap<number, PermissionDefinition> = new Map(PERMISSIONS.map((p) => [p.id, p]));

export function permissionsOfScope(scope: PermissionScope): PermissionDefinition[] {
  return PERMISSIONS.filter((p) => p.scope === scope);
}

export interface PermissionNode extends PermissionDefinition {
  children: PermissionDefinition[];
}

/** The two-level tree the role editors show, for the ids given (all of the scope when omitted). */
export function permissionTree(scope: PermissionScope, only?: Iterable<number>): PermissionNode[] {
  const allowed = only ? new Set(only) : null;
  const ofScope = permissionsOfScope(scope);
  return ofScope
    .filter((p) => p.parentId === 0)
    .map((page) => ({
      ...page,
      children: ofScope.filter((c) => c.parentId === page.id && (!allowed || allowed.has(c.id))),
    }))
    .filter((node) => !allowed || allowed.has(node.id) || node.children.length > 0);
}

/**
 * Normalises a role's permission set by the tree rule of the role editors:
 * a checked child implies its parent; a parent with no checked children stays only if it has none.
 */
export function closePermissionSet(ids: Iterable<number>): number[] {
  const set = new Set<number>();
  for (const id of ids) {
    const p = PERMISSION_BY_ID.get(id);
    if (!p) continue;
    set.add(id);
    if (p.parentId) set.add(p.parentId);
  }
  return [...set].sort((a, b) => a - b);
}

export { Perm } from './perm';
