import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { businessToday, type Population } from '@valuation/domain';
import { AccountEntity, preparedQuery, TenantStaffEntity } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

export type AccountRecord = AccountEntity | TenantStaffEntity;

export function isExpired(expireDate: string | null): boolean {
  return expireDate !== null && expireDate < businessToday();
}

interface PrincipalRow {
  id: number;
  tenant_id: number;
  login_user: string;
  user_name: string;
  status: number;
  expire_date: string | null;
  organization_id: number | null;
  company_id: number | null;
  perms: number[];
}

const PRINCIPAL_SQL: Record<Population, string> = {
  user: `SELECT a.id, a.tenant_id, a.login_user, a.user_name, a.status, to_char(a.expire_date, 'YYYY-MM-DD') AS expire_date,
                a.organization_id, a.company_id,
                (SELECT coalesce(array_agg(DISTINCT rp.permission_id), '{}') FROM account_role ar
                   JOIN role r ON r.id = ar.role_id AND r.tenant_id = a.tenant_id AND r.kind = 'customer'
                   JOIN role_permission rp ON rp.role_id = r.id
                   JOIN permission p ON p.id = rp.permission_id AND p.scope = 'customer'
                  WHERE ar.account_id = a.id) AS perms
           FROM account a WHERE a.id = $1`,
  tenant: `SELECT a.id, a.tenant_id, a.login_user, a.user_name, a.status, to_char(a.expire_date, 'YYYY-MM-DD') AS expire_date,
                  NULL::int AS organization_id, NULL::int AS company_id,
                  (SELECT coalesce(array_agg(DISTINCT rp.permission_id), '{}') FROM tenant_staff_role sr
                     JOIN role r ON r.id = sr.role_id AND r.tenant_id = a.tenant_id AND r.kind = 'tenant'
                     JOIN role_permission rp ON rp.role_id = r.id
                     JOIN permission p ON p.id = rp.permission_id AND p.scope = 'tenant'
                    WHERE sr.staff_id = a.id) AS perms
             FROM tenant_staff a WHERE a.id = $1`,
};

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
   * A usable principal, or null when the account is gone, disabled or expired. One prepared
   * query: the account and the permission ids of its roles.
   */
  async load(pop: Population, id: number, sessionId: string): Promise<Principal | null> {
    const [row] = await preparedQuery<PrincipalRow>(this.ds, `principal-${pop}`, PRINCIPAL_SQL[pop], [id]);
    if (!row || row.status !== 0 || isExpired(row.expire_date)) return null;
    return {
      population: pop,
      sessionId,
      id: row.id,
      tenantId: row.tenant_id,
      loginUser: row.login_user,
      userName: row.user_name,
      organizationId: row.organization_id,
      companyId: row.company_id,
      permissions: new Set(row.perms),
    };
  }
}
