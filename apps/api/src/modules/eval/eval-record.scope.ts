import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { Perm } from '@valuation/domain';
import { EvalRecordEntity } from '@valuation/persistence';
import { withinDataRange } from '../../common/data-range';
import type { Principal } from '../../common/principal';

/**
 * Records the caller may read, aliased `r`: its own, and with the records permission those of its
 * organisation and the organisations below it. Always within the caller's tenant and company.
 */
export function scopedEvalRecords(ds: DataSource, p: Principal): SelectQueryBuilder<EvalRecordEntity> {
  const qb = ds.getRepository(EvalRecordEntity).createQueryBuilder('r').where('r.tenantId = :tenantId AND r.companyId = :companyId', {
    tenantId: p.tenantId,
    companyId: p.companyId,
  });
  return withinDataRange(qb, 'r', p, Perm.valuationRecords);
}
