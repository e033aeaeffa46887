import { Injectable } from '@nestjs/common';
import { pagedList, type Paged, type PermissionResource, type RoleDetail, type RoleOption, type RoleRow } from '@valuation/contracts';
import {
  cannotGrantMessage,
  closePermissionSet,
  filterDayBounds,
  formatDateTime,
  grantablePermissions,
  Msg,
  nextRoleCode,
  Perm,
  permissionTree,
  personLabel,
  refusedGrants,
  roleInUseMessage,
  RoleMsg,
  type RecordSnapshot,
  type RoleAdd,
  type RoleEdit,
  type RoleKind,
  type RoleListQuery,
} from '@valuation/domain';
import { RoleRepository, UnitOfWork, type RoleEntity, type RoleScope, type Transaction } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';

/**
 * Who edits which roles, and what they may put into them:
 * - the organisation side (user tokens) edits the customer roles of the caller's own customer
 *   company, granting only customer permissions the caller holds;
 * - the channel's customer roles are tenant-wide customer roles (company null), which can be given
 *   to customer accounts of any company of the tenant; the channel grants them on behalf of the
 *   tenant, so any customer permission may go in (staff hold no customer permissions themselves);
 * - the channel's staff roles (kind tenant) carry only tenant permissions the caller holds.
 */
export interface RoleSide {
  kind: RoleKind;
  /** The log's name for the role: 角色, 客户角色, 员工角色. */
  noun: string;
  scope(p: Principal): RoleScope;
  grantable(p: Principal): ReadonlySet<number>;
}

export const ORG_ROLES: RoleSide = {
  kind: 'customer',
  noun: '角色',
  scope: (p) => {
    if (p.companyId === null) throw ApiError.forbidden(Msg.forbidden);
    return { tenantId: p.tenantId, kind: 'customer', companyId: p.companyId };
  },
  grantable: (p) => grantablePermissions('customer', p.permissions),
};

export const CHANNEL_CUSTOMER_ROLES: RoleSide = {
  kind: 'customer',
  noun: '客户角色',
  scope: (p) => ({ tenantId: p.tenantId, kind: 'customer', companyId: null }),
  grantable: () => grantablePermissions('customer', 'all'),
};

export const STAFF_ROLES: RoleSide = {
  kind: 'tenant',
  noun: '员工角色',
  scope: (p) => ({ tenantId: p.tenantId, kind: 'tenant', companyId: null }),
  grantable: (p) => grantablePermissions('tenant', p.permissions),
};

/** The channel's permissions of each kind of role: viewing its list and deleting. */
const CHANNEL_PERMS: Record<RoleKind, { side: RoleSide; view: number; remove: number }> = {
  customer: { side: CHANNEL_CUSTOMER_ROLES, view: Perm.customerRole, remove: Perm.customerRoleDelete },
  tenant: { side: STAFF_ROLES, view: Perm.staffRole, remove: Perm.staffRoleDelete },
};

const LABELS = { name: '角色名称', remark: '角色备注', permissions: '角色权限' } as const;

function toRow(role: RoleEntity, userCount: number): RoleRow {
  return {
    id: role.id,
    code: role.code,
    name: role.name,
    remark: role.remark ?? '',
    createdTime: formatDateTime(role.createdAt),
    createdBy: role.createdBy,
    createdName: role.createdName ?? '',
    creater: personLabel(role.createdBy, role.createdName),
    updatedTime: formatDateTime(role.updatedAt),
    updatedBy: role.updatedBy,
    updatedName: role.updatedName ?? '',
    updater: personLabel(role.updatedBy, role.updatedName),
    userCount,
  };
}

const snapshot = (name: string, remark: string | null, permissions: readonly number[]): RecordSnapshot => ({
  name,
  remark: remark ?? '',
  permissions: [...permissions],
});

/** Role lists, the role editor and deletion for both back-offices. */
@Injectable()
export class RoleService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly roles: RoleRepository,
    private readonly log: AdminLog,
  ) {}

  async list(side: RoleSide, p: Principal, q: RoleListQuery): Promise<Paged<RoleRow>> {
    const { from, until } = filterDayBounds(q.beginDate, q.endDate);
    const { rows, total } = await this.roles.page(
      side.scope(p),
      { name: q.name, code: q.code, updateName: q.updateName, updatedFrom: from, updatedUntil: until },
      q,
    );
    return pagedList(
      rows.map((r) => toRow(r.role, r.userCount)),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  options(side: RoleSide, p: Principal): Promise<RoleOption[]> {
    return this.roles.options(side.scope(p));
  }

  /** The two-level tree of what the caller may put into roles of the side. */
  tree(side: RoleSide, p: Principal): PermissionResource[] {
    const grantable = side.grantable(p);
    return permissionTree(side.kind, grantable)
      .filter((page) => grantable.has(page.id))
      .map((page) => ({
        id: page.id,
        name: page.name,
        sort: page.sort,
        parentId: page.parentId,
        code: page.code,
        children: page.children.map((c) => ({ id: c.id, name: c.name, sort: c.sort, parentId: c.parentId, code: c.code })),
      }));
  }

  /** A role of the caller's organisation side with its permissions. */
  async orgDetail(p: Principal, roleId: number): Promise<RoleDetail> {
    return this.detail(await this.orgRole(p, roleId));
  }

  /** A staff or tenant-wide customer role, for a caller who may view roles of its kind. */
  async channelDetail(p: Principal, roleId: number): Promise<RoleDetail> {
    return this.detail(await this.channelRole(p, roleId, 'view'));
  }

  async add(side: RoleSide, p: Principal, input: RoleAdd, ip: string | undefined): Promise<Reply<RoleDetail>> {
    const scope = side.scope(p);
    const permissions = this.checkGrants(side, p, input.permissions, []);
    const saved = await this.uow.run(async (m) => {
      const code = nextRoleCode(scope.kind, await this.roles.largestCode(m, scope.tenantId, scope.kind));
      if (code === null) throw ApiError.conflict(RoleMsg.codeInvalid);
      const role = await this.roles.insert(m, {
        tenantId: scope.tenantId,
        kind: scope.kind,
        companyId: scope.companyId,
        code,
        name: input.name,
        remark: input.remark,
        createdBy: p.id,
        createdName: p.userName.slice(0, 20),
        updatedBy: p.id,
        updatedName: p.userName.slice(0, 20),
      });
      await this.roles.replacePermissions(m, role.id, permissions);
      await this.log.write(m, p, ip, {
        action: `新增${side.noun}`,
        target: { type: 'role', id: role.id, name: role.name },
        before: null,
        after: snapshot(role.name, role.remark, permissions),
        labels: LABELS,
      });
      return role;
    });
    return new Reply({ ...toRow(saved, 0), permissions }, RoleMsg.added);
  }

  async edit(side: RoleSide, p: Principal, input: RoleEdit, ip: string | undefined): Promise<Reply<RoleDetail>> {
    const scope = side.scope(p);
    const result = await this.uow.run(async (m) => {
      const role = await this.roles.findInScope(m, scope, input.id, true);
      if (!role) throw ApiError.notFound(RoleMsg.notFound);
      const current = await this.roles.permissionIds(m, role.id);
      const permissions = this.checkGrants(side, p, input.permissions, current);
      const before = snapshot(role.name, role.remark, current);
      const fields = { name: input.name, remark: input.remark, updatedBy: p.id, updatedName: p.userName.slice(0, 20) };
      await this.roles.update(m, role.id, fields);
      await this.roles.replacePermissions(m, role.id, permissions);
      await this.log.write(m, p, ip, {
        action: `编辑${side.noun}`,
        target: { type: 'role', id: role.id, name: input.name },
        before,
        after: snapshot(input.name, input.remark, permissions),
        labels: LABELS,
      });
      const updated = await this.roles.findInScope(m, scope, role.id);
      const counts = await this.roles.holderCounts(m, scope.kind, [role.id]);
      return { ...toRow(updated ?? role, counts.get(role.id) ?? 0), permissions };
    });
    return new Reply(result, RoleMsg.edited);
  }

  async removeOrg(p: Principal, roleId: number, ip: string | undefined): Promise<Reply<null>> {
    await this.uow.run(async (m) => {
      const role = await this.roles.findInScope(m, ORG_ROLES.scope(p), roleId, true);
      if (!role) throw ApiError.notFound(RoleMsg.notFound);
      await this.remove(m, ORG_ROLES, p, role, ip);
    });
    return new Reply(null, RoleMsg.deleted);
  }

  async removeChannel(p: Principal, roleId: number, ip: string | undefined): Promise<Reply<null>> {
    await this.uow.run(async (m) => {
      const role = await this.channelRole(p, roleId, 'remove', m);
      await this.remove(m, CHANNEL_PERMS[role.kind as RoleKind].side, p, role, ip);
    });
    return new Reply(null, RoleMsg.deleted);
  }

  private async remove(m: Transaction, side: RoleSide, p: Principal, role: RoleEntity, ip: string | undefined): Promise<void> {
    const holders = (await this.roles.holderCounts(m, side.kind, [role.id])).get(role.id) ?? 0;
    if (holders > 0) throw ApiError.conflict(roleInUseMessage(holders));
    const permissions = await this.roles.permissionIds(m, role.id);
    await this.roles.delete(m, role);
    await this.log.write(m, p, ip, {
      action: `删除${side.noun}`,
      target: { type: 'role', id: role.id, name: role.name },
      before: snapshot(role.name, role.remark, permissions),
      after: null,
      labels: LABELS,
    });
  }

  /**
   * The role's permission set closed by the tree rule, refused with 403 naming the ids the caller
   * may not grant when it adds any (ids the role carries already may stay; any may be removed).
   */
  private checkGrants(side: RoleSide, p: Principal, requested: readonly number[], current: readonly number[]): number[] {
    const permissions = closePermissionSet(requested);
    const refused = refusedGrants(permissions, current, side.grantable(p));
    if (refused.length) throw ApiError.forbidden(cannotGrantMessage(refused));
    return permissions;
  }

  private async detail(role: RoleEntity): Promise<RoleDetail> {
    const [permissions, counts] = await Promise.all([
      this.roles.permissionIds(undefined, role.id),
      this.roles.holderCounts(undefined, role.kind as RoleKind, [role.id]),
    ]);
    return { ...toRow(role, counts.get(role.id) ?? 0), permissions };
  }

  /** The role permissions of a role the caller may view (organisation side). */
  async orgPermissions(p: Principal, roleId: number): Promise<number[]> {
    return (await this.orgDetail(p, roleId)).permissions;
  }

  async channelPermissions(p: Principal, roleId: number): Promise<number[]> {
    return (await this.channelDetail(p, roleId)).permissions;
  }

  private async orgRole(p: Principal, roleId: number): Promise<RoleEntity> {
    const role = await this.roles.findInScope(undefined, ORG_ROLES.scope(p), roleId);
    if (!role) throw ApiError.notFound(RoleMsg.notFound);
    return role;
  }

  /**
   * A staff role or tenant-wide customer role of the caller's tenant (404 otherwise), when the
   * caller holds the permission to view (or delete) roles of its kind (403 otherwise).
   */
  private async channelRole(p: Principal, roleId: number, need: 'view' | 'remove', m?: Transaction): Promise<RoleEntity> {
    const role = await this.roles.findTenantRole(m, p.tenantId, roleId, m !== undefined);
    if (!role || (role.kind !== 'customer' && role.kind !== 'tenant')) throw ApiError.notFound(RoleMsg.notFound);
    const perms = CHANNEL_PERMS[role.kind];
    if (!p.permissions.has(need === 'view' ? perms.view : perms.remove)) throw ApiError.forbidden(Msg.forbidden);
    return role;
  }
}
