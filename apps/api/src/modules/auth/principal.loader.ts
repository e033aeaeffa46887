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

  async permissionIds(pop: Population, id: number, tenantId: number): Promise<number[]> {
    const rows: { permission_id: number }[] =
      pop === 'user'
        ? await this.ds.query(
            `SELECT DISTINCT rp.permission_id FROM account_role ar
               JOIN role r ON r.id = ar.role_id AND r.tenant_id = $2 AND r.kind = 'customer'
               JOIN role_permission rp ON rp.role_id = r.id
               JOIN permission p ON p.id = rp.permission_id AND p.scope = 'customer'
             WHERE ar.account_id = $1`,
            [id, tenantId],
          )
        : await this.ds.query(
            `SELECT DISTINCT rp.permission_id FROM tenant_staff_role sr
               JOIN role r ON r.id = sr.role_id AND r.tenant_id = $2 AND r.kind = 'tenant'
               JOIN role_permission rp ON rp.role_id = r.id
               JOIN permission p ON p.id = rp.permission_id AND p.scope = 'tenant'
             WHERE sr.staff_id = $1`,
            [id, tenantId],
          );
    return rows.map((r) => r.permission_id);
  }

  /** A usable principal, or null when the account is gone, disabled or expired. */
  async load(pop: Population, id: number, sessionId: string): Promise<Principal | null> {
    const account = await this.findAccount(pop, id);
    if (!account || account.status !== 0 || isExpired(account.expireDate)) return null;
    const permissions = await this.permissionIds(pop, id, account.tenantId);
    return {
      population: pop,
      sessionId,
      id: account.id,
      tenantId: account.tenantId,
      loginUser: account.loginUser,
      userName: account.userName,
      organizationId: account instanceof AccountEntity ? account.organizationId : null,
      companyId: account instanceof AccountEntity ? account.companyId : null,
      permissions: new Set(permissions),
    };
  }
}
