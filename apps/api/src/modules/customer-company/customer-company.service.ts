import { Injectable } from '@nestjs/common';
import type { CustomerCompanyOption } from '@valuation/contracts';
import { OrganizationRepository } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

/** The active customer companies (root organisations) of the caller's tenant. */
@Injectable()
export class CustomerCompanyService {
  constructor(private readonly organizations: OrganizationRepository) {}

  async options(p: Principal): Promise<CustomerCompanyOption[]> {
    const rows = await this.organizations.activeCompanies(p.tenantId);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }
}
