import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Principal } from './principal';

/**
 * Narrows a query of rows (aliased `alias`, with accountId and organizationId) to the caller's data
 * range: its own rows, and with `rangePermission` (the records or the batch page) those of its
 * organisation and the organisations below it. The query must already be scoped to the caller's
 * tenant and company.
 */
export function withinDataRange<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  p: Principal,
  rangePermission: number,
): SelectQueryBuilder<T> {
  if (!p.permissions.has(rangePermission)) return qb.andWhere(`${alias}.accountId = :rangeAccountId`, { rangeAccountId: p.id });
  return qb.andWhere(
    `(${alias}.accountId = :rangeAccountId OR ${alias}.organizationId IN (
       SELECT o.id FROM organization o WHERE o.tenant_id = :rangeTenantId
          AND o.path LIKE (SELECT own.path FROM organization own WHERE own.id = :rangeOrgId) || '%'))`,
    { rangeAccountId: p.id, rangeTenantId: p.tenantId, rangeOrgId: p.organizationId },
  );
}
