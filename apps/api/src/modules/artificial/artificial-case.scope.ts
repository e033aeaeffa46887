import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { Perm } from '@valuation/domain';
import { AppraisalCaseEntity } from '@valuation/persistence';
import type { Principal } from '../../common/principal';

/**
 * Manual enquiries the caller may read, aliased `c`: its own, and with the records permission
 * those of its organisation and the organisations below it, as scopedEvalRecords reads records.
 */
export function scopedArtificialCases(ds: DataSource, p: Principal): SelectQueryBuilder<AppraisalCaseEntity> {
  const qb = ds
    .getRepository(AppraisalCaseEntity)
    .createQueryBuilder('c')
    .where(`c.kind = 'artificial' AND c.tenantId = :tenantId AND c.companyId = :companyId`, { tenantId: p.tenantId, companyId: p.companyId });
  if (!p.permissions.has(Perm.valuationRecords)) return qb.andWhere('c.accountId = :accountId', { accountId: p.id });
  return qb.andWhere(
    `(c.accountId = :accountId OR c.organizationId IN (
       SELECT o.id FROM organization o WHERE o.tenant_id = :tenantId
          AND o.path LIKE (SELECT own.path FROM organization own WHERE own.id = :orgId) || '%'))`,
    { accountId: p.id, orgId: p.organizationId },
  );
}
