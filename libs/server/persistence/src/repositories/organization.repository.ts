import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, IsNull, type DataSource, type EntityManager } from 'typeorm';
import { OrganizationEntity, OrganizationStatus } from '../entities';
import { inDataRange, ORGANIZATION_ROW_COLUMNS, type DataScope } from '../query';

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
  findInRange(scope: DataScope, id: number, m: EntityManager = this.ds.manager): Promise<OrganizationEntity | null> {
    const qb = m
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .where('o.id = :id AND o.status <> :deleted', { id, deleted: OrganizationStatus.Deleted });
    return inDataRange(qb, 'o', scope, ORGANIZATION_ROW_COLUMNS).getOne();
  }
}
