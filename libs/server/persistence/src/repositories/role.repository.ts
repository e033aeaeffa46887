import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import type { RoleKind } from '@valuation/domain';
import { RoleEntity, RolePermissionEntity } from '../entities';
import { fetchPage, whereContains, type PageRows } from '../query';

/**
 * The roles one editor manages: a tenant's roles of one kind, and for customer roles either one
 * customer company's (`companyId`) or the tenant-wide ones (`companyId` null).
 */
export interface RoleScope {
  tenantId: number;
  kind: RoleKind;
  companyId: number | null;
}

/** The role list's filters: name, code, updater (contains) and update moments `from <= updatedAt < until`. */
export interface RoleFilter {
  name?: string;
  code?: string;
  updateName?: string;
  updatedFrom?: Date | null;
  updatedUntil?: Date | null;
}

/** A role with the number of accounts holding it. */
export interface RoleWithCount {
  role: RoleEntity;
  userCount: number;
}

export type RoleFields = Pick<RoleEntity, 'name' | 'remark' | 'updatedBy' | 'updatedName'>;

/** The table of the accounts that hold roles of a kind: customer accounts or tenant staff. */
const HOLDERS: Record<RoleKind, { table: string; column: string }> = {
  customer: { table: 'account_role', column: 'role_id' },
  tenant: { table: 'tenant_staff_role', column: 'role_id' },
};

/** Roles, their permission ids and how many accounts hold them. */
@Injectable()
export class RoleRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private scoped(m: EntityManager, scope: RoleScope): SelectQueryBuilder<RoleEntity> {
    const qb = m
      .getRepository(RoleEntity)
      .createQueryBuilder('r')
      .where('r.tenantId = :tenantId AND r.kind = :kind', { tenantId: scope.tenantId, kind: scope.kind });
    return scope.companyId === null
      ? qb.andWhere('r.companyId IS NULL')
      : qb.andWhere('r.companyId = :companyId', { companyId: scope.companyId });
  }

  /** One page of the scope's roles, last updated first, with their holder counts. */
  async page(scope: RoleScope, filter: RoleFilter, page: PageRequest): Promise<PageRows<RoleWithCount>> {
    const qb = this.scoped(this.ds.manager, scope);
    whereContains(qb, 'r', 'name', ['name'], filter.name);
    whereContains(qb, 'r', 'code', ['code'], filter.code, { caseSensitive: true });
    whereContains(qb, 'r', 'updater', ['updatedName'], filter.updateName);
    if (filter.updatedFrom) qb.andWhere('r.updatedAt >= :from', { from: filter.updatedFrom });
    if (filter.updatedUntil) qb.andWhere('r.updatedAt < :until', { until: filter.updatedUntil });
    qb.orderBy('r.updatedAt', 'DESC').addOrderBy('r.id', 'DESC');
    const { rows, total } = await fetchPage(qb, page);
    const counts = await this.holderCounts(
      this.ds.manager,
      scope.kind,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((role) => ({ role, userCount: counts.get(role.id) ?? 0 })), total };
  }

  /** The scope's roles as options (oldest first). */
  options(scope: RoleScope): Promise<Pick<RoleEntity, 'id' | 'name'>[]> {
    return this.scoped(this.ds.manager, scope).select(['r.id', 'r.name']).orderBy('r.id', 'ASC').getMany();
  }

  /** A role of the scope, locked for the transaction when `lock`. */
  findInScope(m: EntityManager | undefined, scope: RoleScope, id: number, lock = false): Promise<RoleEntity | null> {
    const qb = this.scoped(m ?? this.ds.manager, scope).andWhere('r.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** A role of the tenant that is not a company's own (staff roles and tenant-wide customer roles). */
  findTenantRole(m: EntityManager | undefined, tenantId: number, id: number, lock = false): Promise<RoleEntity | null> {
    const qb = (m ?? this.ds.manager)
      .getRepository(RoleEntity)
      .createQueryBuilder('r')
      .where('r.id = :id AND r.tenantId = :tenantId AND r.companyId IS NULL', { id, tenantId });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  async permissionIds(m: EntityManager | undefined, roleId: number): Promise<number[]> {
    const rows = await (m ?? this.ds.manager)
      .getRepository(RolePermissionEntity)
      .find({ where: { roleId }, order: { permissionId: 'ASC' } });
    return rows.map((r) => r.permissionId);
  }

  /** How many accounts hold each of the roles. */
  async holderCounts(m: EntityManager | undefined, kind: RoleKind, roleIds: readonly number[]): Promise<Map<number, number>> {
    if (roleIds.length === 0) return new Map();
    const { table, column } = HOLDERS[kind];
    const rows: { role_id: number; n: number }[] = await (m ?? this.ds.manager).query(
      `SELECT ${column} AS role_id, count(*)::int AS n FROM ${table} WHERE ${column} = ANY($1) GROUP BY ${column}`,
      [roleIds],
    );
    return new Map(rows.map((r) => [r.role_id, r.n]));
  }

  /**
   * The largest numeric code of the tenant's roles of the kind, taking a transaction lock on the
   * tenant and kind first, so two roles created at once do not get the same code.
   */
  async largestCode(m: EntityManager, tenantId: number, kind: RoleKind): Promise<number | null> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('role-code:' || $1), $2)`, [kind, tenantId]);
    const [row]: { largest: string | null }[] = await m.query(
      `SELECT max(code::bigint)::text AS largest FROM role WHERE tenant_id = $1 AND kind = $2 AND code ~ '^[0-9]{1,10}$'`,
      [tenantId, kind],
    );
    return row?.largest === null || row?.largest === undefined ? null : Number(row.largest);
  }

  insert(m: EntityManager, role: Omit<RoleEntity, 'id' | 'createdAt' | 'updatedAt'>): Promise<RoleEntity> {
    return m.getRepository(RoleEntity).save(m.getRepository(RoleEntity).create(role));
  }

  async update(m: EntityManager, id: number, fields: RoleFields): Promise<void> {
    await m.getRepository(RoleEntity).update({ id }, fields);
  }

  /** The role carries exactly these permission ids afterwards. */
  async replacePermissions(m: EntityManager, roleId: number, ids: readonly number[]): Promise<void> {
    await m.getRepository(RolePermissionEntity).delete({ roleId });
    if (ids.length) await m.getRepository(RolePermissionEntity).insert(ids.map((permissionId) => ({ roleId, permissionId })));
  }

  /** Deletes a role held by nobody, with its permissions. */
  async delete(m: EntityManager, role: Pick<RoleEntity, 'id'>): Promise<void> {
    await m.getRepository(RolePermissionEntity).delete({ roleId: role.id });
    await m.getRepository(RoleEntity).delete({ id: role.id });
  }

  /**
   * The tenant's roles of the kind that belong to one of the owners (a company's id, or null for the
   * tenant-wide and staff roles), oldest first: the roles an account may be given.
   */
  ofOwners(m: EntityManager | undefined, tenantId: number, kind: RoleKind, owners: readonly (number | null)[]): Promise<RoleEntity[]> {
    const companies = owners.filter((o): o is number => o !== null);
    const qb = (m ?? this.ds.manager)
      .getRepository(RoleEntity)
      .createQueryBuilder('r')
      .where('r.tenantId = :tenantId AND r.kind = :kind', { tenantId, kind });
    const conditions = [
      ...(owners.includes(null) ? ['r.companyId IS NULL'] : []),
      ...(companies.length ? ['r.companyId IN (:...companies)'] : []),
    ];
    if (!conditions.length) return Promise.resolve([]);
    return qb
      .andWhere(`(${conditions.join(' OR ')})`, { companies })
      .orderBy('r.id', 'ASC')
      .getMany();
  }

  /** The permission ids of each role. */
  async permissionsOf(m: EntityManager | undefined, roleIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(roleIds.map((id) => [id, []]));
    if (!roleIds.length) return out;
    const rows = await (m ?? this.ds.manager)
      .getRepository(RolePermissionEntity)
      .createQueryBuilder('rp')
      .where('rp.roleId IN (:...roleIds)', { roleIds })
      .orderBy('rp.permissionId', 'ASC')
      .getMany();
    for (const r of rows) out.get(r.roleId)?.push(r.permissionId);
    return out;
  }
}
