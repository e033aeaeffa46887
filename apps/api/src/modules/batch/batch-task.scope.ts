import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { Perm } from '@valuation/domain';
import { BatchTaskEntity } from '@valuation/persistence';
import { withinDataRange } from '../../common/data-range';
import type { Principal } from '../../common/principal';

/**
 * Tasks the caller may read, aliased `t`: its own, and with the batch permission those of its
 * organisation and the organisations below it. Always within the caller's tenant and company.
 */
export function scopedBatchTasks(ds: DataSource, p: Principal): SelectQueryBuilder<BatchTaskEntity> {
  const qb = ds.getRepository(BatchTaskEntity).createQueryBuilder('t').where('t.tenantId = :tenantId AND t.companyId = :companyId', {
    tenantId: p.tenantId,
    companyId: p.companyId,
  });
  return withinDataRange(qb, 't', p, Perm.batch);
}

/** Condition on `t` selecting a task by its numeric id or its batchId. */
export function whereTaskRef(qb: SelectQueryBuilder<BatchTaskEntity>, ref: string): SelectQueryBuilder<BatchTaskEntity> {
  return /^\d{1,18}$/.test(ref) ? qb.andWhere('t.id = :ref', { ref }) : qb.andWhere('t.batchId = :ref', { ref });
}
