import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BusinessEntity } from '../entities';

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
}
