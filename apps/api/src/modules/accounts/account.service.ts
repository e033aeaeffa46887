import { Injectable } from '@nestjs/common';
import { pagedList, type AccountCreated, type AccountDetail, type AccountRow, type Paged } from '@valuation/contracts';
import {
  ACCOUNT_LOG_LABELS,
  ACCOUNT_STATUS_LABELS,
  AccountMsg,
  AccountStatus,
  cannotAssignMessage,
  DATA_RANGE_PERMISSIONS,
  formatDateTime,
  HIDDEN_VALUE,
  Msg,
  Perm,
  USER_TYPE_LABELS,
  UserType,
  type AccountIdQuery,
  type AccountKind,
  type AccountRoles,
  type AccountStatusChange,
  type AccountWrite,
  type ChannelAccountListQuery,
  type CustomerAccountAdd,
  type OrgAccountAdd,
  type OrgAccountListQuery,
  type Population,
  type RecordSnapshot,
  type RoleKind,
  type StaffAccountAdd,
} from '@valuation/domain';
import { hashPassword } from '@valuation/core';
import {
  AccountRepository,
  isUniqueViolation,
  OrganizationRepository,
  RoleRepository,
  UnitOfWork,
  type AccountAdminScope,
  type AccountListFilter,
  type DataScope,
  type LoginAccount,
  type RoleRef,
  type Transaction,
} from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import { dataScope, organisationChoiceScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { SessionService } from '../auth/session.service';

export type AccountSideName = 'org' | 'customer' | 'staff';

/**
 * Who administers which accounts:
 * - the organisation side (user tokens) manages the customer accounts of its company within the
 *   account data range (51 its organisation and those below, 50 its organisation, else itself),
 *   creating them in organisations of that range and giving them its company's roles;
 * - the channel's customer accounts (c/) are those of every customer company of the tenant; they
 *   get the tenant-wide customer roles and their company's roles, granted on behalf of the tenant;
 * - the channel's staff accounts (t/) get staff roles whose permissions the caller holds.
 */
export interface AccountSide {
  name: AccountSideName;
  pop: Population;
  roleKind: RoleKind;
  /** The log's name for the account: 账号, 客户账号, 员工账号. */
  noun: string;
  perms: { view: readonly number[]; status: number; assign: number };
  target(p: Principal): AccountAdminScope;
  /** Whether the caller may only give roles whose permissions it holds all of. */
  grantsHeldOnly: boolean;
}

export const ORG_ACCOUNTS: AccountSide = {
  name: 'org',
  pop: 'user',
  roleKind: 'customer',
  noun: '账号',
  perms: { view: [Perm.accounts], status: Perm.accountStatus, assign: Perm.accountAssignRole },
  target: (p) => {
    if (p.companyId === null || p.organizationId === null) throw ApiError.forbidden(Msg.forbidden);
    return { pop: 'user', scope: dataScope(p, DATA_RANGE_PERMISSIONS.accounts) };
  },
  grantsHeldOnly: true,
};

export const CUSTOMER_ACCOUNTS: AccountSide = {
  name: 'customer',
  pop: 'user',
  roleKind: 'customer',
  noun: '客户账号',
  perms: {
    view: [Perm.customerAccount, Perm.customerAccountDetail],
    status: Perm.customerAccountStatus,
    assign: Perm.customerAccountAssignRole,
  },
  target: (p) => ({ pop: 'user', scope: dataScope(p, 'tenant') }),
  grantsHeldOnly: false,
};

export const STAFF_ACCOUNTS: AccountSide = {
  name: 'staff',
  pop: 'tenant',
  roleKind: 'tenant',
  noun: '员工账号',
  perms: { view: [Perm.staffAccount, Perm.staffAccountDetail], status: Perm.staffAccountStatus, assign: Perm.staffAccountAssignRole },
  target: (p) => ({ pop: 'tenant', tenantId: p.tenantId }),
  grantsHeldOnly: true,
};

const CHANNEL_SIDES: Readonly<Record<AccountKind, AccountSide>> = { c: CUSTOMER_ACCOUNTS, t: STAFF_ACCOUNTS };

/**
 * The organisations the organisation side picks from (the list's filter, a new account's
 * organisation): with 51 its organisation and those below, otherwise its own organisation.
 */
export const accountOrganisationScope = (p: Principal): DataScope => organisationChoiceScope(p, DATA_RANGE_PERMISSIONS.accounts);

/** Names of the organisations and companies rows refer to. */
type Names = ReadonlyMap<number, string>;

const companyOf = (a: LoginAccount): number | null => ('companyId' in a ? a.companyId : null);

function toRow(a: LoginAccount, roles: readonly RoleRef[], names: Names): AccountRow {
  const customer = 'companyId' in a ? a : null;
  return {
    id: a.id,
    loginUser: a.loginUser,
    userName: a.userName,
    email: a.email ?? '',
    mobilePhone: a.mobilePhone ?? '',
    status: a.status,
    userType: customer?.userType ?? null,
    organizationId: customer?.organizationId ?? null,
    organizationName: customer ? (names.get(customer.organizationId) ?? '') : '',
    customerCompanyId: customer?.companyId ?? null,
    customerCompanyName: customer ? (names.get(customer.companyId) ?? '') : '',
    roleNames: roles.map((r) => r.name).join(','),
    roleId: roles.map((r) => r.id).join(','),
    roleList: roles.map((r) => ({ id: r.id, name: r.name })),
    createdTime: formatDateTime(a.createdAt),
    updatedTime: formatDateTime(a.updatedAt),
    updatedBy: a.updatedBy,
    expireDate: a.expireDate,
    lastDate: a.expireDate,
    lastLoginTime: a.lastLoginTime ? formatDateTime(a.lastLoginTime) : '',
  };
}

/** The fields the log keeps of an account (the password only as ******). */
function snapshot(a: LoginAccount, names: Names): RecordSnapshot {
  const customer = 'companyId' in a ? a : null;
  return {
    loginUser: a.loginUser,
    userName: a.userName,
    ...(customer
      ? {
          organizationName: names.get(customer.organizationId) ?? String(customer.organizationId),
          userType: USER_TYPE_LABELS[customer.userType as UserType] ?? String(customer.userType),
        }
      : {}),
    mobilePhone: a.mobilePhone,
    email: a.email,
    expireDate: a.expireDate,
  };
}

/** Account lists, the account form, enabling and disabling, and role assignment for both back-offices. */
@Injectable()
export class AccountService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly roles: RoleRepository,
    private readonly sessions: SessionService,
    private readonly log: AdminLog,
  ) {}

  /** GET api/auth/user/list: every organisation asked for must be in the caller's range (404 otherwise). */
  async orgList(p: Principal, q: OrgAccountListQuery): Promise<Paged<AccountRow>> {
    const target = ORG_ACCOUNTS.target(p);
    const inRange = new Set((await this.organizations.treeRows(accountOrganisationScope(p))).map((o) => o.id));
    if (q.organizationIds.some((id) => !inRange.has(id))) throw ApiError.notFound(AccountMsg.organizationNotFound);
    const filter: AccountListFilter = {
      organizationIds: q.organizationIds,
      loginUser: q.loginUser,
      userName: q.userName,
      roleId: q.roleId,
      status: q.status,
    };
    return this.page(ORG_ACCOUNTS, p, target, filter, q);
  }

  /** GET api/tenant/auth/user/c/list and t/list. */
  channelList(side: AccountSide, p: Principal, q: ChannelAccountListQuery): Promise<Paged<AccountRow>> {
    const filter: AccountListFilter = {
      loginUser: q.loginUser,
      userName: q.userName,
      roleId: q.roleId,
      status: q.status,
      companyName: side.pop === 'user' ? q.customerCompanyName : undefined,
      expireUntil: q.lastDate,
    };
    return this.page(side, p, side.target(p), filter, q);
  }

  private async page(
    side: AccountSide,
    p: Principal,
    target: AccountAdminScope,
    filter: AccountListFilter,
    page: { pageIndex: number; pageSize: number },
  ): Promise<Paged<AccountRow>> {
    const { rows, total } = await this.accounts.page(target, filter, page);
    const [roles, names] = await Promise.all([
      this.accounts.roleRefs(
        undefined,
        side.pop,
        p.tenantId,
        rows.map((r) => r.id),
      ),
      this.namesOf(rows, p.tenantId),
    ]);
    return pagedList(
      rows.map((a) => toRow(a, roles.get(a.id) ?? [], names)),
      total,
      page.pageIndex,
      page.pageSize,
    );
  }

  /** infoDetail: the account, its roles and the roles the caller may give it. */
  async detail(side: AccountSide, p: Principal, userId: number): Promise<AccountDetail> {
    const account = await this.administered(side, p, userId);
    const [roles, names, assignable] = await Promise.all([
      this.accounts.roleRefs(undefined, side.pop, p.tenantId, [account.id]),
      this.namesOf([account], p.tenantId),
      this.assignableRoles(side, p, account),
    ]);
    return { ...toRow(account, roles.get(account.id) ?? [], names), assignable: assignable.map((r) => ({ id: r.id, name: r.name })) };
  }

  async addOrg(p: Principal, input: OrgAccountAdd, ip: string | undefined): Promise<Reply<AccountCreated>> {
    ORG_ACCOUNTS.target(p);
    const org = await this.organizations.findInRange(accountOrganisationScope(p), input.organizationId);
    if (!org) throw ApiError.notFound(AccountMsg.organizationNotFound);
    return this.create(ORG_ACCOUNTS, p, input, ip, { organizationId: org.id, companyId: org.companyId, userType: UserType.Enterprise });
  }

  async addCustomer(p: Principal, input: CustomerAccountAdd, ip: string | undefined): Promise<Reply<AccountCreated>> {
    const company = await this.organizations.activeCompany(input.customerCompanyId, p.tenantId);
    if (!company) throw ApiError.notFound(AccountMsg.companyNotFound);
    return this.create(CUSTOMER_ACCOUNTS, p, input, ip, { organizationId: company.id, companyId: company.id, userType: input.userType });
  }

  addStaff(p: Principal, input: StaffAccountAdd, ip: string | undefined): Promise<Reply<AccountCreated>> {
    return this.create(STAFF_ACCOUNTS, p, input, ip, null);
  }

  private async create(
    side: AccountSide,
    p: Principal,
    input: AccountWrite & { loginUser: string; password: string },
    ip: string | undefined,
    customer: { organizationId: number; companyId: number; userType: number } | null,
  ): Promise<Reply<AccountCreated>> {
    const passwordHash = await hashPassword(input.password);
    const created = await this.writing(() =>
      this.uow.run(async (m) => {
        if (await this.accounts.loginTaken(m, input.loginUser)) throw ApiError.conflict(AccountMsg.loginTaken);
        await this.checkMobile(m, side, p.tenantId, input.mobilePhone, 0);
        const common = {
          tenantId: p.tenantId,
          loginUser: input.loginUser,
          userName: input.userName,
          passwordHash,
          email: input.email,
          mobilePhone: input.mobilePhone,
          status: AccountStatus.Enabled,
          expireDate: input.expireDate,
          createdBy: p.id,
          updatedBy: p.id,
        };
        const account: LoginAccount = customer
          ? await this.accounts.insertCustomer(m, { ...common, ...customer })
          : await this.accounts.insertStaff(m, common);
        const names = await this.namesOf([account], p.tenantId);
        await this.log.write(m, p, ip, {
          action: `新增${side.noun}`,
          target: { type: side.pop === 'user' ? 'account' : 'tenant_staff', id: account.id, name: account.loginUser },
          before: null,
          after: { ...snapshot(account, names), password: input.password },
          labels: ACCOUNT_LOG_LABELS,
        });
        return account;
      }),
    );
    return new Reply({ id: created.id }, AccountMsg.added);
  }

  /** Edit: name, phone, e-mail, expiry date and, when given, a new password (which ends the account's sessions). */
  async edit(side: AccountSide, p: Principal, input: AccountWrite & { id: number }, ip: string | undefined): Promise<Reply<AccountRow>> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    const row = await this.writing(() =>
      this.uow.run(async (m) => {
        const account = await this.administered(side, p, input.id, m);
        await this.checkMobile(m, side, p.tenantId, input.mobilePhone, account.id);
        const names = await this.namesOf([account], p.tenantId);
        const before = snapshot(account, names);
        const fields = {
          userName: input.userName,
          mobilePhone: input.mobilePhone,
          email: input.email,
          expireDate: input.expireDate,
          ...(passwordHash ? { passwordHash } : {}),
        };
        await this.accounts.updateFields(m, side.pop, account.id, { ...fields, updatedBy: p.id });
        const updated = await this.administered(side, p, account.id, m);
        await this.log.write(m, p, ip, {
          action: `编辑${side.noun}`,
          target: { type: side.pop === 'user' ? 'account' : 'tenant_staff', id: account.id, name: account.loginUser },
          before: input.password ? { ...before, password: HIDDEN_VALUE } : before,
          after: input.password ? { ...snapshot(updated, names), password: input.password } : snapshot(updated, names),
          labels: ACCOUNT_LOG_LABELS,
        });
        const roles = await this.accounts.roleRefs(m, side.pop, p.tenantId, [account.id]);
        return toRow(updated, roles.get(account.id) ?? [], names);
      }),
    );
    if (passwordHash) await this.sessions.revokeAll(side.pop, row.id);
    return new Reply(row, AccountMsg.edited);
  }

  /** Enable (0) or disable (1); disabling ends the account's sessions at once and keeps its data. */
  async changeStatus(side: AccountSide, p: Principal, input: AccountStatusChange, ip: string | undefined): Promise<Reply<null>> {
    if (input.status === AccountStatus.Disabled && this.isSelf(side, p, input.userId))
      throw ApiError.forbidden(AccountMsg.cannotDisableSelf);
    await this.uow.run(async (m) => {
      const account = await this.administered(side, p, input.userId, m);
      await this.accounts.setStatus(m, side.pop, account.id, input.status, p.id);
      await this.log.write(m, p, ip, {
        action: `${input.status === AccountStatus.Disabled ? '禁用' : '启用'}${side.noun}`,
        target: { type: side.pop === 'user' ? 'account' : 'tenant_staff', id: account.id, name: account.loginUser },
        before: {
          status: ACCOUNT_STATUS_LABELS[account.status === AccountStatus.Disabled ? AccountStatus.Disabled : AccountStatus.Enabled],
        },
        after: { status: ACCOUNT_STATUS_LABELS[input.status] },
        labels: ACCOUNT_LOG_LABELS,
      });
    });
    if (input.status === AccountStatus.Disabled) await this.sessions.revokeAll(side.pop, input.userId);
    return new Reply(null, input.status === AccountStatus.Disabled ? AccountMsg.disabled : AccountMsg.enabled);
  }

  /**
   * Gives the account exactly the chosen roles among those the caller may give it; its other roles
   * (a tenant-wide role the channel gave, seen from the organisation side) stay. Nobody changes
   * their own roles, and where the caller grants from what it holds, a role newly given must carry
   * only permissions the caller holds (403 naming the roles otherwise).
   */
  async assignRoles(side: AccountSide, p: Principal, input: AccountRoles, ip: string | undefined): Promise<Reply<null>> {
    if (this.isSelf(side, p, input.userId)) throw ApiError.forbidden(AccountMsg.cannotAssignSelf);
    await this.uow.run(async (m) => {
      const account = await this.administered(side, p, input.userId, m);
      const assignable = await this.assignableRoles(side, p, account, m);
      const byId = new Map(assignable.map((r) => [r.id, r]));
      if (input.roleIds.some((id) => !byId.has(id))) throw ApiError.notFound(AccountMsg.roleNotFound);
      const held = (await this.accounts.roleRefs(m, side.pop, p.tenantId, [account.id])).get(account.id) ?? [];
      const heldIds = new Set(held.map((r) => r.id));
      if (side.grantsHeldOnly) {
        const added = input.roleIds.filter((id) => !heldIds.has(id));
        const permissions = await this.roles.permissionsOf(m, added);
        const refused = added.filter((id) => (permissions.get(id) ?? []).some((perm) => !p.permissions.has(perm)));
        if (refused.length) throw ApiError.forbidden(cannotAssignMessage(refused.map((id) => byId.get(id)?.name ?? String(id))));
      }
      await this.accounts.replaceRoles(
        m,
        side.pop,
        account.id,
        assignable.map((r) => r.id),
        input.roleIds,
      );
      const after = (await this.accounts.roleRefs(m, side.pop, p.tenantId, [account.id])).get(account.id) ?? [];
      await this.log.write(m, p, ip, {
        action: `${side.noun}分配角色`,
        target: { type: side.pop === 'user' ? 'account' : 'tenant_staff', id: account.id, name: account.loginUser },
        before: { roles: held.map((r) => r.name) },
        after: { roles: after.map((r) => r.name) },
        labels: ACCOUNT_LOG_LABELS,
      });
    });
    return new Reply(null, AccountMsg.assigned);
  }

  /**
   * The side a shared channel call (changeStatus, infoDetail, distributionRole) means: the one
   * `accountKind` names, which the caller must hold the permission of (403); without it, the one
   * side the caller holds the permission of (400 when it holds both).
   */
  channelSide(p: Principal, kind: AccountKind | undefined, need: 'view' | 'status' | 'assign'): AccountSide {
    const allowed = (side: AccountSide) =>
      need === 'view' ? side.perms.view.some((id) => p.permissions.has(id)) : p.permissions.has(side.perms[need]);
    if (kind) {
      const side = CHANNEL_SIDES[kind];
      if (!allowed(side)) throw ApiError.forbidden(Msg.forbidden);
      return side;
    }
    const sides = Object.values(CHANNEL_SIDES).filter(allowed);
    if (sides.length === 0) throw ApiError.forbidden(Msg.forbidden);
    if (sides.length > 1) throw ApiError.badRequest(AccountMsg.accountKindInvalid);
    return sides[0];
  }

  detailFor(side: AccountSide, p: Principal, q: AccountIdQuery): Promise<AccountDetail> {
    return this.detail(side, p, q.userId);
  }

  private isSelf(side: AccountSide, p: Principal, userId: number): boolean {
    return side.pop === p.population && userId === p.id;
  }

  /** An account the side's caller administers (404 otherwise; another tenant's or outside the data range). */
  private async administered(side: AccountSide, p: Principal, id: number, m?: Transaction): Promise<LoginAccount> {
    const account = await this.accounts.findAdministered(m, side.target(p), id, m !== undefined);
    if (!account) throw ApiError.notFound(AccountMsg.notFound);
    return account;
  }

  /** The roles the caller may give the account: its company's (organisation side), tenant-wide and the account company's (channel), staff roles. */
  private assignableRoles(side: AccountSide, p: Principal, account: LoginAccount, m?: Transaction) {
    const owners = side.name === 'org' ? [p.companyId] : side.name === 'customer' ? [null, companyOf(account)] : [null];
    return this.roles.ofOwners(m, p.tenantId, side.roleKind, owners);
  }

  private async checkMobile(m: Transaction, side: AccountSide, tenantId: number, mobilePhone: string | null, exceptId: number) {
    if (mobilePhone && (await this.accounts.mobileTakenIn(m, side.pop, tenantId, mobilePhone, exceptId)))
      throw ApiError.conflict(AccountMsg.mobileTaken);
  }

  /** A write whose unique indexes answer 409: the login name (checked under a lock first) or the mobile phone raced. */
  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.conflict(AccountMsg.mobileTaken);
      throw error;
    }
  }

  private namesOf(rows: readonly LoginAccount[], tenantId: number): Promise<Map<number, string>> {
    const ids = rows.flatMap((a) => ('companyId' in a ? [a.organizationId, a.companyId] : []));
    return this.organizations.names(ids, tenantId);
  }
}
