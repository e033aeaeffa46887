import { Injectable } from '@nestjs/common';
import { Msg, PERMISSION_BY_ID, type PasswordChangeInput, type ProfileEditInput } from '@valuation/domain';
import {
  AccountRepository,
  isUniqueViolation,
  OrganizationRepository,
  TenantRepository,
  type AccountEntity,
  type LoginAccount,
} from '@valuation/persistence';
import type { LoginUser, PermissionItem, TenantLoginUser } from '@valuation/contracts';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { hashPassword, verifyPassword } from '@valuation/core';
import { PrincipalLoader } from '../auth/principal.loader';
import { SessionService } from '../auth/session.service';
import { AuditTrail } from '../auth/audit-trail.service';

export const ProfileMsg = {
  /** Only ever about the caller's own tenant: numbers are unique per tenant. */
  mobileTaken: '该手机号码已被其他账号使用',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The caller's own profile, permissions, contact details and password, for both populations. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly organizations: OrganizationRepository,
    private readonly tenants: TenantRepository,
    private readonly principals: PrincipalLoader,
    private readonly sessions: SessionService,
    private readonly audit: AuditTrail,
  ) {}

  private async account(p: Principal): Promise<LoginAccount> {
    const account = await this.principals.findAccount(p.population, p.id);
    if (!account || account.tenantId !== p.tenantId) throw ApiError.unauthorized(Msg.unauthorized);
    return account;
  }

  async loginUser(p: Principal): Promise<LoginUser> {
    const account = (await this.account(p)) as AccountEntity;
    const org = await this.organizations.findInTenant(account.organizationId, p.tenantId);
    const parent = org?.parentId ? await this.organizations.findInTenant(org.parentId, p.tenantId) : null;
    return {
      id: account.id,
      loginUser: account.loginUser,
      userName: account.userName,
      organizationName: org?.name ?? '',
      organizationId: account.organizationId,
      parentOrgName: parent?.name ?? '',
      email: account.email ?? '',
      mobilePhone: account.mobilePhone ?? '',
      userType: account.userType,
      expireDate: account.expireDate,
      lastLoginTime: iso(account.lastLoginTime),
      tenantId: account.tenantId,
    };
  }

  async tenantLoginUser(p: Principal): Promise<TenantLoginUser> {
    const staff = await this.account(p);
    const tenant = await this.tenants.findById(p.tenantId);
    return {
      id: staff.id,
      loginUser: staff.loginUser,
      userName: staff.userName,
      tenantId: staff.tenantId,
      organizationName: tenant?.name ?? '',
      parentOrgName: '',
      email: staff.email ?? '',
      mobilePhone: staff.mobilePhone ?? '',
      expireDate: staff.expireDate,
      lastLoginTime: iso(staff.lastLoginTime),
    };
  }

  permissions(p: Principal): PermissionItem[] {
    return [...p.permissions]
      .map((id) => PERMISSION_BY_ID.get(id))
      .filter((d) => d !== undefined && d.scope === (p.population === 'user' ? 'customer' : 'tenant'))
      .map((d) => ({
        id: d!.id,
        name: d!.name,
        parentId: d!.parentId,
        level: d!.parentId === 0 ? 1 : 2,
        sort: d!.sort,
        code: d!.code,
        url: d!.url,
        resourceType: d!.parentId === 0 ? 1 : 2,
      }))
      .sort((a, b) => a.id - b.id);
  }

  async editContact(p: Principal, input: ProfileEditInput, ip: string | undefined): Promise<void> {
    const account = await this.account(p);
    if ((account.email ?? '') === input.email && (account.mobilePhone ?? '') === input.phone) {
      throw ApiError.badRequest(Msg.profileUnchanged);
    }
    if (await this.accounts.mobileTaken(p.population, p.tenantId, input.phone, account.id)) throw ApiError.conflict(ProfileMsg.mobileTaken);
    try {
      await this.accounts.updateContact(p.population, { id: account.id, tenantId: p.tenantId }, input.email, input.phone);
    } catch (error) {
      // Another account of the tenant took the number since the check.
      if (isUniqueViolation(error)) throw ApiError.conflict(ProfileMsg.mobileTaken);
      throw error;
    }
    await this.audit.record({ ...account, population: p.population }, '修改个人信息', '修改邮箱或手机号码', ip);
  }

  /** Changes the password and ends every session of the account, so it logs in again. */
  async changePassword(p: Principal, input: PasswordChangeInput, ip: string | undefined): Promise<void> {
    const account = await this.account(p);
    if (!(await verifyPassword(input.oldPwd, account.passwordHash))) throw ApiError.badRequest(Msg.oldPasswordWrong);
    await this.accounts.updatePassword(p.population, { id: account.id, tenantId: p.tenantId }, await hashPassword(input.newPwd));
    await this.sessions.revokeAll(p.population, account.id);
    await this.audit.record({ ...account, population: p.population }, '修改密码', `${account.loginUser} 修改密码`, ip);
  }
}
