import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { BusinessEntity } from '../entities';
import { fetchPage, type PageRows } from '../query';

/** The company a business type belongs to: its tenant and customer company. */
export interface BusinessOwner {
  tenantId: number;
  companyId: number;
}

/** Business types of customer companies. */
@Injectable()
export class BusinessRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The company's business types that are not deleted, by id. */
  ofCompany(tenantId: number, companyId: number): Promise<Pick<BusinessEntity, 'id' | 'businessName'>[]> {
    return this.ds.getRepository(BusinessEntity).find({
      select: { id: true, businessName: true },
      where: { tenantId, companyId, deleted: false },
      order: { id: 'ASC' },
    });
  }

  /** The name of a business type of the company (deleted ones included), or null. */
  async nameOf(id: number, tenantId: number, companyId: number | null): Promise<string | null> {
    if (companyId === null) return null;
    const row = await this.ds.getRepository(BusinessEntity).findOne({ select: { businessName: true }, where: { id, tenantId, companyId } });
    return row?.businessName ?? null;
  }

  /** The company's business types that are not deleted, last updated first. */
  page(owner: BusinessOwner, page: PageRequest): Promise<PageRows<BusinessEntity>> {
    const qb = this.ds
      .getRepository(BusinessEntity)
      .createQueryBuilder('b')
      .where('b.tenantId = :tenantId AND b.companyId = :companyId AND b.deleted = false', owner)
      .orderBy('b.updateTime', 'DESC')
      .addOrderBy('b.id', 'DESC');
    return fetchPage(qb, page);
  }

  /** A business type of the company that is not deleted, locked for the change about to be made. */
  findForChange(m: EntityManager, id: number, owner: BusinessOwner): Promise<BusinessEntity | null> {
    return m.getRepository(BusinessEntity).findOne({
      where: { id, tenantId: owner.tenantId, companyId: owner.companyId, deleted: false },
      lock: { mode: 'pessimistic_write' },
    });
  }

  insert(
    m: EntityManager,
    row: Pick<
      BusinessEntity,
      'tenantId' | 'companyId' | 'businessName' | 'businessRemark' | 'createBy' | 'createName' | 'updateBy' | 'updateName'
    >,
  ): Promise<BusinessEntity> {
    const repo = m.getRepository(BusinessEntity);
    return repo.save(repo.create(row));
  }

  save(m: EntityManager, row: BusinessEntity): Promise<BusinessEntity> {
    return m.getRepository(BusinessEntity).save(row);
  }
}
