import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Not, type DataSource, type Repository } from 'typeorm';
import type { Population } from '@valuation/domain';
import { AccountEntity, TenantStaffEntity } from '../entities';
import { preparedQuery } from '../prepared-query';
import { ACCOUNT_ROW_COLUMNS, inDataRange, type DataScope } from '../query';

/** A login account of either population: a customer account or a tenant staff member. */
export type LoginAccount = AccountEntity | TenantStaffEntity;

/** An account and the permission ids its roles carry, as a request's principal needs them. */
export interface PrincipalRow {
  id: number;
  tenantId: number;
  loginUser: string;
  userName: string;
  status: number;
  expireDate: string | null;
  organizationId: number | null;
  companyId: number | null;
  permissions: number[];
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

/** Login accounts of both populations: lookup, principal loading, contact details, passwords, roles. */
@Injectable()
export class AccountRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(pop: Population): Repository<LoginAccount> {
    return pop === 'user' ? this.ds.getRepository(AccountEntity) : this.ds.getRepository(TenantStaffEntity);
  }

  find(pop: Population, id: number): Promise<LoginAccount | null> {
    return this.repo(pop).findOneBy({ id });
  }

  /**
   * The accounts a name typed in the login form may mean: the one whose login name it is (any case;
   * login names are unique), else those holding it as mobile phone, which is unique only within a
   * tenant (at most `limit` of them, oldest first).
   */
  async findLoginCandidates(pop: Population, name: string, limit = 10): Promise<LoginAccount[]> {
    const rows = await this.repo(pop)
      .createQueryBuilder('a')
      .where('lower(a.loginUser) = lower(:name) OR a.mobilePhone = :name', { name })
      .orderBy('CASE WHEN lower(a.loginUser) = lower(:name) THEN 0 ELSE 1 END')
      .addOrderBy('a.id')
      .limit(limit)
      .getMany();
    const byLoginName = rows.find((a) => a.loginUser.toLowerCase() === name.toLowerCase());
    return byLoginName ? [byLoginName] : rows;
  }

  /** The account and its permission ids in one prepared query (every request runs it). */
  async principal(pop: Population, id: number): Promise<PrincipalRow | null> {
    const [row] = await preparedQuery<{
      id: number;
      tenant_id: number;
      login_user: string;
      user_name: string;
      status: number;
      expire_date: string | null;
      organization_id: number | null;
      company_id: number | null;
      perms: number[];
    }>(this.ds, `principal-${pop}`, PRINCIPAL_SQL[pop], [id]);
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      loginUser: row.login_user,
      userName: row.user_name,
      status: row.status,
      expireDate: row.expire_date,
      organizationId: row.organization_id,
      companyId: row.company_id,
      permissions: row.perms,
    };
  }

  async recordLogin(pop: Population, id: number, at: Date): Promise<void> {
    await this.repo(pop).update({ id }, { lastLoginTime: at });
  }

  /** Whether another account of the population in the same tenant holds the mobile number (it is unique per tenant). */
  mobileTaken(pop: Population, tenantId: number, mobilePhone: string, exceptId: number): Promise<boolean> {
    return this.repo(pop).existsBy({ tenantId, mobilePhone, id: Not(exceptId) });
  }

  async updateContact(pop: Population, account: Pick<LoginAccount, 'id' | 'tenantId'>, email: string, mobilePhone: string): Promise<void> {
    await this.repo(pop).update({ id: account.id, tenantId: account.tenantId }, { email, mobilePhone, updatedBy: account.id });
  }

  async updatePassword(pop: Population, account: Pick<LoginAccount, 'id' | 'tenantId'>, passwordHash: string): Promise<void> {
    await this.repo(pop).update({ id: account.id, tenantId: account.tenantId }, { passwordHash, updatedBy: account.id });
  }

  /** A customer account within the scope's data range, or null. */
  findInRange(scope: DataScope, id: number): Promise<AccountEntity | null> {
    const qb = this.ds.getRepository(AccountEntity).createQueryBuilder('a').where('a.id = :id', { id });
    return inDataRange(qb, 'a', scope, ACCOUNT_ROW_COLUMNS).getOne();
  }

  /** The roles of a customer account within its tenant, by id. */
  roles(accountId: number, tenantId: number): Promise<{ id: number; name: string }[]> {
    return this.ds.query(
      `SELECT r.id, r.name FROM account_role ar JOIN role r ON r.id = ar.role_id
        WHERE ar.account_id = $1 AND r.tenant_id = $2 ORDER BY r.id`,
      [accountId, tenantId],
    );
  }
}
