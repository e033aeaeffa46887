import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { CustomerCategoryEntity, OrganizationEntity, OrganizationStatus } from '../entities';
import type { PageRows } from '../query';

/** A category with the number of customer companies given it. */
export interface CustomerCategoryRow {
  category: CustomerCategoryEntity;
  companyCount: number;
}

/** Customer categories of the channels. */
@Injectable()
export class CustomerCategoryRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The tenant's categories, last updated first, each with its number of customer companies that are not deleted. */
  async page(tenantId: number, page: PageRequest): Promise<PageRows<CustomerCategoryRow>> {
    const repo = this.ds.getRepository(CustomerCategoryEntity);
    const [rows, total] = await repo.findAndCount({
      where: { tenantId },
      order: { updatedAt: 'DESC', id: 'DESC' },
      skip: (page.pageIndex - 1) * page.pageSize,
      take: page.pageSize,
    });
    const counts = await this.companyCounts(
      tenantId,
      rows.map((r) => r.id),
    );
    return { rows: rows.map((category) => ({ category, companyCount: counts.get(category.id) ?? 0 })), total };
  }

  /** The tenant's categories by name, for pickers. */
  options(tenantId: number): Promise<Pick<CustomerCategoryEntity, 'id' | 'name'>[]> {
    return this.ds.getRepository(CustomerCategoryEntity).find({
      select: { id: true, name: true },
      where: { tenantId },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  /** A category of the tenant, locked for the change about to be made. */
  findForChange(m: EntityManager, id: number, tenantId: number): Promise<CustomerCategoryEntity | null> {
    return m.getRepository(CustomerCategoryEntity).findOne({ where: { id, tenantId }, lock: { mode: 'pessimistic_write' } });
  }

  insert(
    m: EntityManager,
    row: Pick<CustomerCategoryEntity, 'tenantId' | 'name' | 'remark' | 'createdBy' | 'updatedBy' | 'updatedName'>,
  ): Promise<CustomerCategoryEntity> {
    const repo = m.getRepository(CustomerCategoryEntity);
    return repo.save(repo.create(row));
  }

  save(m: EntityManager, row: CustomerCategoryEntity): Promise<CustomerCategoryEntity> {
    return m.getRepository(CustomerCategoryEntity).save(row);
  }

  async delete(m: EntityManager, id: number, tenantId: number): Promise<void> {
    await m.getRepository(CustomerCategoryEntity).delete({ id, tenantId });
  }

  /** How many customer companies of the tenant that are not deleted have the category. */
  companiesUsing(m: EntityManager, id: number, tenantId: number): Promise<number> {
    return m
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .where('o.tenantId = :tenantId AND o.categoryId = :id AND o.parentId IS NULL AND o.status <> :deleted', {
        tenantId,
        id,
        deleted: OrganizationStatus.Deleted,
      })
      .getCount();
  }

  /** The category name of each customer company of the tenant given (empty text for a company without one). */
  async namesOfCompanies(companyIds: readonly number[], tenantId: number): Promise<Map<number, string>> {
    const unique = [...new Set(companyIds)];
    if (!unique.length) return new Map();
    const rows: { id: number; name: string | null }[] = await this.ds
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .leftJoin(CustomerCategoryEntity, 'c', 'c.id = o.category_id AND c.tenant_id = o.tenant_id')
      .select('o.id', 'id')
      .addSelect('c.name', 'name')
      .where('o.tenantId = :tenantId AND o.id IN (:...ids)', { tenantId, ids: unique })
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.id), r.name ?? '']));
  }

  private async companyCounts(tenantId: number, ids: readonly number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows: { id: number; n: string }[] = await this.ds
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .select('o.category_id', 'id')
      .addSelect('count(*)', 'n')
      .where('o.tenantId = :tenantId AND o.categoryId IN (:...ids) AND o.parentId IS NULL AND o.status <> :deleted', {
        tenantId,
        ids,
        deleted: OrganizationStatus.Deleted,
      })
      .groupBy('o.category_id')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }
}
