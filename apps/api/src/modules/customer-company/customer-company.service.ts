import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, IsNull } from 'typeorm';
import { OrganizationEntity, OrganizationStatus } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

/** A customer company as the pickers of the channel screens show it. */
export interface CustomerCompanyOption {
  id: number;
  name: string;
}

/** The active customer companies (root organisations) of the caller's tenant. */
@Injectable()
export class CustomerCompanyService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async options(p: Principal): Promise<CustomerCompanyOption[]> {
    const rows = await this.ds.getRepository(OrganizationEntity).find({
      select: { id: true, name: true },
      where: { tenantId: p.tenantId, parentId: IsNull(), status: OrganizationStatus.Active },
      order: { name: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }
}
