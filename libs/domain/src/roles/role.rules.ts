import { z } from 'zod';
import { isBlankFilter } from '../filters/list-filters';
import { PERMISSION_BY_ID, permissionsOfScope, type PermissionScope } from '../permissions/permission-catalogue';
import { checkDateRange, dateRangeFilterShape } from '../validation/eval-list.schemas';
import { recordIdSchema } from '../validation/fields';
import { pageQuerySchema } from '../validation/paging.schemas';

/**
 * Roles (角色) of both back-offices: customer roles held by customer accounts and staff roles held
 * by the tenant's staff. A role carries a set of permission ids of its scope, closed by the tree
 * rule (a child brings its parent).
 */
export const ROLE_LIMITS = { name: 20, remark: 100, code: 10, permissions: 200 } as const;

export const RoleMsg = {
  nameRequired: '角色名称不能为空！',
  nameTooLong: `角色名称不能超过${ROLE_LIMITS.name}个字符`,
  remarkTooLong: `角色备注不能超过${ROLE_LIMITS.remark}个字符`,
  permissionsRequired: '角色权限不能为空！',
  permissionInvalid: '角色权限不正确',
  codeInvalid: `角色编码只能为不超过${ROLE_LIMITS.code}位的数字`,
  filterTooLong: '查询条件过长',
  notFound: '角色不存在',
  added: '角色新增成功！',
  edited: '角色编辑成功！',
  deleted: '角色删除成功！',
  confirmDelete: '您确认要删除该角色吗!',
} as const;

/** The refusal of a role holding permissions the editor may not grant, naming them. */
export function cannotGrantMessage(ids: readonly number[]): string {
  const names = ids.map((id) => PERMISSION_BY_ID.get(id)?.name ?? String(id));
  return `您无权授予以下权限：${names.join('、')}`;
}

/** The refusal of deleting a role that accounts still hold. */
export function roleInUseMessage(holders: number): string {
  return `该角色已分配给${holders}个账号，请先取消分配后再删除`;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v);

const nameSchema = z.preprocess(
  trimmed,
  z.string({ message: RoleMsg.nameRequired }).min(1, RoleMsg.nameRequired).max(ROLE_LIMITS.name, RoleMsg.nameTooLong),
);

const remarkSchema = z.preprocess(trimmed, z.string({ message: RoleMsg.remarkTooLong }).max(ROLE_LIMITS.remark, RoleMsg.remarkTooLong));

/** Permission ids as JSON sends them (an array), as a form sends them (repeated or comma-separated) or as one id. */
function permissionList(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (typeof v === 'number') return [v];
  return v;
}

const permissionsSchema = z.preprocess(
  permissionList,
  z
    .array(recordIdSchema(RoleMsg.permissionInvalid), { message: RoleMsg.permissionInvalid })
    .min(1, RoleMsg.permissionsRequired)
    .max(ROLE_LIMITS.permissions, RoleMsg.permissionInvalid)
    .refine((ids) => ids.every((id) => PERMISSION_BY_ID.has(id)), RoleMsg.permissionInvalid),
);

/** POST role add (both back-offices): name, remark, permissions. */
export const roleAddSchema = z.object({ name: nameSchema, remark: remarkSchema, permissions: permissionsSchema });
export type RoleAdd = z.output<typeof roleAddSchema>;

/** POST role edit: the same plus the role's id. */
export const roleEditSchema = roleAddSchema.extend({ id: recordIdSchema(RoleMsg.notFound) });
export type RoleEdit = z.output<typeof roleEditSchema>;

/** The role editor's form (no id: the route names the role). */
export const roleFormSchema = roleAddSchema;
export type RoleForm = z.input<typeof roleFormSchema>;

/** roleId of the detail, permissions and delete calls. */
export const roleIdQuerySchema = z.object({ roleId: recordIdSchema(RoleMsg.notFound) });

const blankAsUndefined = (v: unknown) =>
  isBlankFilter(typeof v === 'string' ? v.trim() : (v as null | undefined | number)) ? undefined : v;

const filterText = (max: number) =>
  z.preprocess(
    (v) => blankAsUndefined(typeof v === 'string' ? v.trim() : v),
    z.string({ message: RoleMsg.filterTooLong }).max(max, RoleMsg.filterTooLong).optional(),
  );

/** The role code filter: digits only, at most ten. */
export const ROLE_CODE_PATTERN = /^\d{1,10}$/;

/** Whether text typed into the role code filter is acceptable (empty or digits, at most ten). */
export const isRoleCodeFilter = (text: string): boolean => text === '' || ROLE_CODE_PATTERN.test(text);

/** GET role pageable (both back-offices): name, code, updateName, beginDate, endDate (update date), pageIndex, pageSize. */
export const roleListQuerySchema = z
  .object({
    name: filterText(ROLE_LIMITS.name),
    code: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
      z.string({ message: RoleMsg.codeInvalid }).regex(ROLE_CODE_PATTERN, RoleMsg.codeInvalid).optional(),
    ),
    updateName: filterText(ROLE_LIMITS.name),
    ...dateRangeFilterShape,
    ...pageQuerySchema().shape,
  })
  .superRefine(checkDateRange);
export type RoleListQuery = z.output<typeof roleListQuerySchema>;

/** Which accounts hold the roles and which permissions they carry. */
export type RoleKind = 'customer' | 'tenant';

export const permissionScopeOfRole = (kind: RoleKind): PermissionScope => kind;

/**
 * The permission ids an editor may put into a role of the scope: those of the scope the editor
 * holds, or every permission of the scope when the editor grants on behalf of the tenant
 * (`'all'`: the channel's customer roles, whose editors are staff and hold no customer permissions).
 */
export function grantablePermissions(scope: PermissionScope, held: Iterable<number> | 'all'): Set<number> {
  const ofScope = permissionsOfScope(scope).map((p) => p.id);
  if (held === 'all') return new Set(ofScope);
  const own = new Set(held);
  return new Set(ofScope.filter((id) => own.has(id)));
}

/**
 * The ids of a requested set (already closed by the tree rule) the editor may not put into the
 * role: ids the role does not carry yet and the editor cannot grant. Ids the role already carries
 * may stay, and any id may be removed.
 */
export function refusedGrants(requested: Iterable<number>, current: Iterable<number>, grantable: ReadonlySet<number>): number[] {
  const had = new Set(current);
  return [...new Set(requested)].filter((id) => !had.has(id) && !grantable.has(id)).sort((a, b) => a - b);
}

/** The first code of each kind of role: customer roles 1001 up, staff roles 2001 up. */
export const ROLE_CODE_START: Readonly<Record<RoleKind, number>> = { customer: 1001, tenant: 2001 };

/** The code of a new role: one above the largest numeric code of its tenant and kind (null without one), from the kind's start; null when no ten-digit code is left. */
export function nextRoleCode(kind: RoleKind, largest: number | null): string | null {
  const next = Math.max(ROLE_CODE_START[kind], largest === null ? 0 : largest + 1);
  const text = String(next);
  return text.length <= ROLE_LIMITS.code ? text : null;
}
