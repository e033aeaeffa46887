import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AccountEntity, OrganizationEntity, OrganizationStatus } from '../entities';
import { inDataRange, ORGANIZATION_ROW_COLUMNS, type DataScope } from '../query';

/** The fields of the information form as stored. */
export type OrganizationInfoColumns = Partial<
  Pick<
    OrganizationEntity,
    | 'name'
    | 'provinceCode'
    | 'provinceName'
    | 'cityCode'
    | 'cityName'
    | 'address'
    | 'socialCode'
    | 'contact'
    | 'contactNumber'
    | 'email'
    | 'fax'
    | 'businessType'
    | 'licenseKey'
  >
>;

/** An organisation as the tree shows it. */
export type OrganizationTreeRow = Pick<OrganizationEntity, 'id' | 'parentId' | 'name'>;

/** Organisations: customer companies (roots) and their sub-organisations. */
@Injectable()
export class OrganizationRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  findInTenant(id: number, tenantId: number, m: EntityManager = this.ds.manager): Promise<OrganizationEntity | null> {
    return m.getRepository(OrganizationEntity).findOneBy({ id, tenantId });
  }

  /** Names by id, of the tenant when one is given. */
  async names(ids: readonly number[], tenantId?: number): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.ds
      .getRepository(OrganizationEntity)
      .findBy(tenantId === undefined ? { id: In(unique) } : { id: In(unique), tenantId });
    return new Map(rows.map((o) => [o.id, o.name]));
  }

  /** The active customer companies (root organisations) of a tenant, by name. */
  activeCompanies(tenantId: number): Promise<Pick<OrganizationEntity, 'id' | 'name'>[]> {
    return this.ds.getRepository(OrganizationEntity).find({
      select: { id: true, name: true },
      where: { tenantId, parentId: IsNull(), status: OrganizationStatus.Active },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  /** An active customer company of the tenant, or null. */
  activeCompany(id: number, tenantId: number): Promise<OrganizationEntity | null> {
    return this.ds.getRepository(OrganizationEntity).findOneBy({ id, tenantId, parentId: IsNull(), status: OrganizationStatus.Active });
  }

  /** An organisation of the scope's range that is not deleted, or null. */
  findInRange(scope: DataScope, id: number, m: EntityManager = this.ds.manager, lock = false): Promise<OrganizationEntity | null> {
    const qb = m
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .where('o.id = :id AND o.status <> :deleted', { id, deleted: OrganizationStatus.Deleted });
    if (lock) qb.setLock('pessimistic_write');
    return inDataRange(qb, 'o', scope, ORGANIZATION_ROW_COLUMNS).getOne();
  }

  /**
   * The active organisations of the scope's range (with the range "organization", only the
   * caller's own), in the order they were added.
   */
  treeRows(scope: DataScope): Promise<OrganizationTreeRow[]> {
    const qb = this.ds
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .select(['o.id', 'o.parentId', 'o.name'])
      .where('o.status = :active', { active: OrganizationStatus.Active });
    return inDataRange(qb, 'o', scope, ORGANIZATION_ROW_COLUMNS).orderBy('o.id', 'ASC').getMany();
  }

  /**
   * Locks the customer company's root row until the transaction ends. Every change of the tree's
   * shape (add, move, delete) takes it first, so two moves cannot make a cycle between them and a
   * delete cannot miss a child added meanwhile.
   */
  async lockCompanyTree(m: EntityManager, tenantId: number, companyId: number): Promise<void> {
    await m
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .select('o.id')
      .where('o.id = :companyId AND o.tenantId = :tenantId', { companyId, tenantId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** A new active sub-organisation under the parent, with its path and company. */
  async addChild(m: EntityManager, parent: OrganizationEntity, name: string): Promise<OrganizationEntity> {
    const repo = m.getRepository(OrganizationEntity);
    const row = await repo.save(
      repo.create({
        tenantId: parent.tenantId,
        parentId: parent.id,
        companyId: parent.companyId,
        path: parent.path,
        name,
        status: OrganizationStatus.Active,
      }),
    );
    row.path = `${parent.path}${row.id}/`;
    await repo.update({ id: row.id }, { path: row.path });
    return row;
  }

  /** Writes the information fields given; the others keep their values. */
  async updateInfo(m: EntityManager, id: number, tenantId: number, columns: OrganizationInfoColumns): Promise<void> {
    if (Object.keys(columns).length === 0) return;
    await m.getRepository(OrganizationEntity).update({ id, tenantId }, columns);
  }

  /**
   * Moves an organisation under a new parent: its parent id, and the path of every organisation of
   * its subtree (itself included) rewritten from the old prefix to the new one, in one statement of
   * the caller's transaction.
   */
  async moveSubtree(m: EntityManager, org: OrganizationEntity, newParent: OrganizationEntity): Promise<string> {
    const oldPrefix = org.path;
    const newPrefix = `${newParent.path}${org.id}/`;
    await m.getRepository(OrganizationEntity).update({ id: org.id, tenantId: org.tenantId }, { parentId: newParent.id });
    await m.query(
      `UPDATE organization
          SET path = $1 || substr(path, $2), updated_at = now()
        WHERE tenant_id = $3 AND company_id = $4 AND left(path, $5) = $6`,
      [newPrefix, oldPrefix.length + 1, org.tenantId, org.companyId, oldPrefix.length, oldPrefix],
    );
    return newPrefix;
  }

  /** Active organisations directly under this one. */
  activeChildCount(m: EntityManager, id: number, tenantId: number): Promise<number> {
    return m.getRepository(OrganizationEntity).countBy({ parentId: id, tenantId, status: OrganizationStatus.Active });
  }

  /** Enabled accounts (status 0) of the organisation and of every organisation below it. */
  activeAccountCount(m: EntityManager, org: Pick<OrganizationEntity, 'tenantId' | 'path'>): Promise<number> {
    return m
      .getRepository(AccountEntity)
      .createQueryBuilder('a')
      .innerJoin(OrganizationEntity, 'o', 'o.id = a.organizationId AND o.tenantId = a.tenantId')
      .where('a.tenantId = :tenantId AND a.status = 0', { tenantId: org.tenantId })
      .andWhere('left(o.path, :len) = :path', { len: org.path.length, path: org.path })
      .getCount();
  }

  /** Marks the organisation deleted (status 3); its row stays for the records filed under it. */
  async markDeleted(m: EntityManager, id: number, tenantId: number): Promise<void> {
    await m.getRepository(OrganizationEntity).update({ id, tenantId }, { status: OrganizationStatus.Deleted });
  }
}
