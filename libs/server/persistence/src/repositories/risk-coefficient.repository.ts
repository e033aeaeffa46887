import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BusinessOwner } from './business.repository';

/** What releasing a deleted business type did to the company's risk coefficients. */
export interface ReleasedCoefficients {
  /** Coefficients set for that business type alone, deleted. */
  removed: number;
  /** Coefficients set for it among others, which keep the others. */
  narrowed: number;
}

/** Risk coefficients of customer companies. */
@Injectable()
export class RiskCoefficientRepository {
  /**
   * A deleted business type leaves the coefficients set for it: one set for that type alone is
   * deleted (an empty business list would mean every business), one set for it among others keeps
   * the others. Coefficients for every business (an empty list) stay.
   */
  async releaseBusiness(m: EntityManager, owner: BusinessOwner, businessId: number): Promise<ReleasedCoefficients> {
    const removed: unknown[] = await m.query(
      `DELETE FROM risk_coefficient
        WHERE tenant_id = $1 AND company_id = $2 AND business_ids <@ ARRAY[$3::int] AND cardinality(business_ids) > 0
        RETURNING id`,
      [owner.tenantId, owner.companyId, businessId],
    );
    const narrowed: unknown[] = await m.query(
      `UPDATE risk_coefficient SET business_ids = array_remove(business_ids, $3::int)
        WHERE tenant_id = $1 AND company_id = $2 AND $3::int = ANY(business_ids)
        RETURNING id`,
      [owner.tenantId, owner.companyId, businessId],
    );
    return { removed: removed.length, narrowed: narrowed.length };
  }
}
