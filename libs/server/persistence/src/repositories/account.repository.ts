import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Not, type DataSource, type EntityManager, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { AccountEntity, AccountRoleEntity, OrganizationEntity, TenantStaffEntity, TenantStaffRoleEntity } from '../entities';
import { preparedQuery } from '../prepared-query';
import { ACCOUNT_ROW_COLUMNS, fetchPage, inDataRange, whereContains, type DataScope, type PageRows } from '../query';

/** A login account of either population: a customer account or a tenant staff member. */
export type LoginAccount = AccountEntity | TenantStaffEntity;

/**
 * Whose accounts an administrator manages: customer accounts within a data range (the organisation
 * side reads its range; the channel reads its whole tenant, range 'tenant'), or the tenant's staff.
 */
export type AccountAdminScope = { pop: 'user'; scope: DataScope } | { pop: 'tenant'; tenantId: number };

/** The account lists' filters: login name and name (contain), a role held, status, the company name (contains), expiry on or before a day. */
export interface AccountListFilter {
  organizationIds?: readonly number[];
  loginUser?: string;
  userName?: string;
  roleId?: number;
  status?: number;
  companyName?: string;
  /** yyyy-MM-dd */
  expireUntil?: string;
}

/** The editable fields of a login account, as stored. */
export type LoginAccountFields = Pick<LoginAccount, 'userName' | 'mobilePhone' | 'email' | 'expireDate'> & { passwordHash?: string };

/** The tables that hold the roles of each population. */
const ROLE_HOLDERS = {
  user: { table: 'account_role', column: 'account_id', kind: 'customer' },
  tenant: { table: 'tenant_staff_role', column: 'staff_id', kind: 'tenant' },
} as const satisfies Record<Population, { table: string; column: string; kind: string }>;

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

/** A role an account holds: customer roles of a company carry its id, tenant-wide and staff roles null. */
export interface RoleRef {
  id: number;
  name: string;
  companyId: number | null;
}

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

  /** The accounts of the scope, newest first. */
  page(target: AccountAdminScope, filter: AccountListFilter, page: PageRequest): Promise<PageRows<LoginAccount>> {
    return target.pop === 'user' ? this.customerPage(target.scope, filter, page) : this.staffPage(target.tenantId, filter, page);
  }

  private customerPage(scope: DataScope, filter: AccountListFilter, page: PageRequest): Promise<PageRows<AccountEntity>> {
    const qb = inDataRange(this.ds.getRepository(AccountEntity).createQueryBuilder('a'), 'a', scope, ACCOUNT_ROW_COLUMNS);
    if (filter.organizationIds) qb.andWhere('a.organizationId IN (:...organizationIds)', { organizationIds: filter.organizationIds });
    if (filter.companyName) {
      qb.innerJoin(OrganizationEntity, 'c', 'c.id = a.companyId AND c.tenantId = a.tenantId');
      whereContains(qb, 'c', 'companyName', ['name'], filter.companyName);
    }
    return fetchPage(this.filtered(qb, 'user', filter), page);
  }

  private staffPage(tenantId: number, filter: AccountListFilter, page: PageRequest): Promise<PageRows<TenantStaffEntity>> {
    const qb = this.ds.getRepository(TenantStaffEntity).createQueryBuilder('a').where('a.tenantId = :tenantId', { tenantId });
    return fetchPage(this.filtered(qb, 'tenant', filter), page);
  }

  private filtered<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, pop: Population, filter: AccountListFilter): SelectQueryBuilder<T> {
    whereContains(qb, 'a', 'loginUser', ['loginUser'], filter.loginUser);
    whereContains(qb, 'a', 'userName', ['userName'], filter.userName);
    if (filter.roleId !== undefined) {
      const { table, column } = ROLE_HOLDERS[pop];
      qb.andWhere(`EXISTS (SELECT 1 FROM ${table} h WHERE h.${column} = a.id AND h.role_id = :roleId)`, { roleId: filter.roleId });
    }
    if (filter.status !== undefined) qb.andWhere('a.status = :status', { status: filter.status });
    if (filter.expireUntil) qb.andWhere('a.expireDate <= :expireUntil', { expireUntil: filter.expireUntil });
    return qb.orderBy('a.createdAt', 'DESC').addOrderBy('a.id', 'DESC');
  }

  /** An account of the scope (customer accounts within its data range), locked for the transaction when `lock`. */
  findAdministered(m: EntityManager | undefined, target: AccountAdminScope, id: number, lock = false): Promise<LoginAccount | null> {
    const manager = m ?? this.ds.manager;
    const qb: SelectQueryBuilder<LoginAccount> =
      target.pop === 'user'
        ? inDataRange(manager.getRepository(AccountEntity).createQueryBuilder('a'), 'a', target.scope, ACCOUNT_ROW_COLUMNS)
        : manager.getRepository(TenantStaffEntity).createQueryBuilder('a').where('a.tenantId = :tenantId', { tenantId: target.tenantId });
    qb.andWhere('a.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /**
   * Whether a login name is taken on the platform (by a customer account or a staff member, in any
   * case). Takes a transaction lock on the name first, so two accounts created at once cannot both
   * get it (the unique index covers one table only).
   */
  async loginTaken(m: EntityManager, loginUser: string): Promise<boolean> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('login-user:' || lower($1)))`, [loginUser]);
    const [row]: { taken: boolean }[] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM account WHERE lower(login_user) = lower($1))
           OR EXISTS (SELECT 1 FROM tenant_staff WHERE lower(login_user) = lower($1)) AS taken`,
      [loginUser],
    );
    return row?.taken === true;
  }

  /** Whether another account of the population in the tenant holds the mobile number, in the transaction. */
  mobileTakenIn(m: EntityManager, pop: Population, tenantId: number, mobilePhone: string, exceptId = 0): Promise<boolean> {
    const entity = pop === 'user' ? AccountEntity : TenantStaffEntity;
    return m.getRepository(entity).existsBy({ tenantId, mobilePhone, id: Not(exceptId) });
  }

  insertCustomer(
    m: EntityManager,
    account: Omit<AccountEntity, 'id' | 'createdAt' | 'updatedAt' | 'lastLoginTime'>,
  ): Promise<AccountEntity> {
    return m.getRepository(AccountEntity).save(m.getRepository(AccountEntity).create({ ...account, lastLoginTime: null }));
  }

  insertStaff(
    m: EntityManager,
    staff: Omit<TenantStaffEntity, 'id' | 'createdAt' | 'updatedAt' | 'lastLoginTime'>,
  ): Promise<TenantStaffEntity> {
    return m.getRepository(TenantStaffEntity).save(m.getRepository(TenantStaffEntity).create({ ...staff, lastLoginTime: null }));
  }

  async updateFields(
    m: EntityManager,
    pop: Population,
    id: number,
    fields: LoginAccountFields & { updatedBy: number | null },
  ): Promise<void> {
    await m.getRepository(pop === 'user' ? AccountEntity : TenantStaffEntity).update({ id }, fields);
  }

  async setStatus(m: EntityManager, pop: Population, id: number, status: number, updatedBy: number | null): Promise<void> {
    await m.getRepository(pop === 'user' ? AccountEntity : TenantStaffEntity).update({ id }, { status, updatedBy });
  }

  /** The roles each account holds (roles of its tenant and population's kind), by account id, oldest role first. */
  async roleRefs(
    m: EntityManager | undefined,
    pop: Population,
    tenantId: number,
    accountIds: readonly number[],
  ): Promise<Map<number, RoleRef[]>> {
    const out = new Map<number, RoleRef[]>();
    if (!accountIds.length) return out;
    const { table, column, kind } = ROLE_HOLDERS[pop];
    const rows: { holder: number; id: number; name: string; company_id: number | null }[] = await (m ?? this.ds.manager).query(
      `SELECT h.${column} AS holder, r.id, r.name, r.company_id FROM ${table} h
         JOIN role r ON r.id = h.role_id AND r.tenant_id = $2 AND r.kind = $3
        WHERE h.${column} = ANY($1) ORDER BY r.id`,
      [accountIds, tenantId, kind],
    );
    for (const r of rows) {
      const list = out.get(r.holder) ?? [];
      list.push({ id: r.id, name: r.name, companyId: r.company_id });
      out.set(r.holder, list);
    }
    return out;
  }

  /** The account holds exactly `roleIds` of the roles `among` afterwards; its other roles stay. */
  async replaceRoles(
    m: EntityManager,
    pop: Population,
    accountId: number,
    among: readonly number[],
    roleIds: readonly number[],
  ): Promise<void> {
    if (pop === 'user') {
      if (among.length) await m.getRepository(AccountRoleEntity).delete(among.map((roleId) => ({ accountId, roleId })));
      if (roleIds.length) await m.getRepository(AccountRoleEntity).insert(roleIds.map((roleId) => ({ accountId, roleId })));
    } else {
      if (among.length) await m.getRepository(TenantStaffRoleEntity).delete(among.map((roleId) => ({ staffId: accountId, roleId })));
      if (roleIds.length) await m.getRepository(TenantStaffRoleEntity).insert(roleIds.map((roleId) => ({ staffId: accountId, roleId })));
    }
  }
}
