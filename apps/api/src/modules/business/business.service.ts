import { Injectable } from '@nestjs/common';
import { BusinessRepository } from '@valuation/persistence';
import type { BusinessItem } from '@valuation/contracts';
import type { Principal } from '../../common/principal';

/** Business types of the caller's customer company. */
@Injectable()
export class BusinessService {
  constructor(private readonly businesses: BusinessRepository) {}

  async list(p: Principal): Promise<BusinessItem[]> {
    if (p.companyId === null) return [];
    const rows = await this.businesses.ofCompany(p.tenantId, p.companyId);
    return rows.map((b) => ({ id: b.id, businessName: b.businessName }));
  }
}
