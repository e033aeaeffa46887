import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BusinessEntity } from '@valuation/persistence';
import type { BusinessItem } from '@valuation/contracts';
import type { Principal } from '../../common/principal';

/** Business types of the caller's customer company. */
@Injectable()
export class BusinessService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(p: Principal): Promise<BusinessItem[]> {
    if (p.companyId === null) return [];
    const rows = await this.ds.getRepository(BusinessEntity).find({
      select: { id: true, businessName: true },
      where: { tenantId: p.tenantId, companyId: p.companyId, deleted: false },
      order: { id: 'ASC' },
    });
    return rows.map((b) => ({ id: b.id, businessName: b.businessName }));
  }
}
