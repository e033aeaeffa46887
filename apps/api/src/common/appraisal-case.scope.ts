import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { filterDayBounds, Perm, type AppraisalCaseKind, type CaseActor } from '@valuation/domain';
import { AppraisalCaseEntity } from '@valuation/persistence';
import { withinDataRange } from './data-range';
import type { Principal } from './principal';

/** The caller as an actor of the case workflows (a user: requester or supervisor). */
export const actorOf = (p: Principal): CaseActor => ({ population: 'user', id: p.id, name: p.userName || p.loginUser });

/**
 * Cases of one kind (or of several) the caller may read, aliased `c`: its own, and with the records permission
 * those of its organisation and the organisations below it; always within its tenant and company
 * (the same range as the valuation records).
 */
export function scopedCases(
  ds: DataSource,
  p: Principal,
  kind: AppraisalCaseKind | readonly AppraisalCaseKind[],
): SelectQueryBuilder<AppraisalCaseEntity> {
  const qb = ds
    .getRepository(AppraisalCaseEntity)
    .createQueryBuilder('c')
    .where('c.tenantId = :tenantId AND c.companyId = :companyId AND c.kind IN (:...kinds)', {
      tenantId: p.tenantId,
      companyId: p.companyId,
      kinds: typeof kind === 'string' ? [kind] : kind,
    });
  return withinDataRange(qb, 'c', p, Perm.valuationRecords);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list filters of the case lists: city (name or code), community or address, date range, state. */
export function filterCases(
  qb: SelectQueryBuilder<AppraisalCaseEntity>,
  q: { city?: string; ha?: string; beginDate?: string; endDate?: string; state?: number },
): SelectQueryBuilder<AppraisalCaseEntity> {
  if (q.city)
    qb.andWhere(`(c.cityCode = :city OR c.cityName LIKE :cityPrefix ESCAPE '\\')`, {
      city: q.city,
      cityPrefix: `${q.city.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`,
    });
  if (q.ha) {
    qb.andWhere(`(c.haName ILIKE :ha ESCAPE '\\' OR c.cardAddress ILIKE :ha ESCAPE '\\' OR c.location ILIKE :ha ESCAPE '\\')`, {
      ha: likePattern(q.ha),
    });
  }
  const { from, until } = filterDayBounds(q.beginDate, q.endDate);
  if (from) qb.andWhere('c.createdAt >= :begin', { begin: from });
  if (until) qb.andWhere('c.createdAt < :end', { end: until });
  if (q.state) qb.andWhere('c.state = :state', { state: q.state });
  return qb.orderBy('c.createdAt', 'DESC').addOrderBy('c.id', 'DESC');
}

/** The ids among the given cases that have a live (rendering or ready) advisory report: the lists' advisory flag. */
export async function casesWithReports(ds: DataSource, tenantId: number, cases: readonly AppraisalCaseEntity[]): Promise<Set<string>> {
  if (!cases.length) return new Set();
  const rows: { id: string }[] = await ds.query(
    `SELECT case_id AS id FROM eval_report WHERE tenant_id = $1 AND report_type = 2 AND state IN (1, 2) AND case_id = ANY($2::bigint[])`,
    [tenantId, cases.map((c) => c.id)],
  );
  return new Set(rows.map((r) => String(r.id)));
}
