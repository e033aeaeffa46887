import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Population } from '@valuation/domain';
import { AccountEntity, TenantStaffEntity } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

export type AccountRecord = AccountEntity | TenantStaffEntity;

/** Today in the server's calendar as yyyy-MM-dd, the format of date columns. */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function isExpired(expireDate: string | null): boolean {
  return expireDate !== null && expireDate < today();
}

/** Loads accounts of either population and the permission ids their roles carry. */
@Injectable()
export class PrincipalLoader {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findAccount(pop: Population, id: number): Promise<AccountRecord | null> {
    return pop === 'user'
      ? this.ds.getRepository(AccountEntity).findOneBy({ id })
      : this.ds.getRepository(TenantStaffEntity).findOneBy({ id });
  }

  /** By login name or mobile phone, as the login form accepts either. */
  findByLoginName(pop: Population, name: string): Promise<AccountRecord | null> {
    const repo = pop === 'user' ? this.ds.getRepository(AccountEntity) : this.ds.getRepository(TenantStaffEntity);
    return repo
      .createQueryBuilder('a')
      .where('lower(a.loginUser) = lower(:name) OR a.mobilePhone = :name', { name })
      .orderBy('CASE WHEN lower(a.loginUser) = lower(:name) THEN 0 ELSE 1 END')
      .getOne();
  }

  /**
   * A usable principal, or null when the account is gone, disabled or expired. One query: the
   * account and the permission ids of its roles.
   */
  async load(pop: Population, id: number, sessionId: string): Promise<Principal | null> {
    const perms =
      pop === 'user'
        ? `SELECT coalesce(array_agg(DISTINCT rp.permission_id), '{}') FROM account_role ar
             JOIN role r ON r.id = ar.role_id AND r.tenant_id = a.tenant_id AND r.kind = 'customer'
             JOIN role_permission rp ON rp.role_id = r.id
             JOIN permission p ON p.id = rp.permission_id AND p.scope = 'customer'
            WHERE ar.account_id = a.id`
        : `SELECT coalesce(array_agg(DISTINCT rp.permission_id), '{}') FROM tenant_staff_role sr
             JOIN role r ON r.id = sr.role_id AND r.tenant_id = a.tenant_id AND r.kind = 'tenant'
             JOIN role_permission rp ON rp.role_id = r.id
             JOIN permission p ON p.id = rp.permission_id AND p.scope = 'tenant'
            WHERE sr.staff_id = a.id`;
    const repo = pop === 'user' ? this.ds.getRepository(AccountEntity) : this.ds.getRepository(TenantStaffEntity);
    const { entities, raw } = await repo
      .createQueryBuilder('a')
      .addSelect(`(${perms})`, 'perms')
      .where('a.id = :id', { id })
      .getRawAndEntities<{ perms: number[] }>();
    const account = entities[0];
    if (!account || account.status !== 0 || isExpired(account.expireDate)) return null;
    return {
      population: pop,
      sessionId,
      id: account.id,
      tenantId: account.tenantId,
      loginUser: account.loginUser,
      userName: account.userName,
      organizationId: account instanceof AccountEntity ? account.organizationId : null,
      companyId: account instanceof AccountEntity ? account.companyId : null,
      permissions: new Set(raw[0].perms),
    };
  }
}
