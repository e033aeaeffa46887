import { Injectable } from '@nestjs/common';
import { OrganizationRepository } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

/** A customer company as the pickers of the channel screens show it. */
export interface CustomerCompanyOption {
  id: number;
  name: string;
}

/** The active customer companies (root organisations) of the caller's tenant. */
@Injectable()
export class CustomerCompanyService {
  constructor(private readonly organizations: OrganizationRepository) {}

  async options(p: Principal): Promise<CustomerCompanyOption[]> {
    const rows = await this.organizations.activeCompanies(p.tenantId);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }
}
