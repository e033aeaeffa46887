import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import type { AppraisalCaseKind } from '@valuation/domain';
import { AppraisalCaseEntity, EvalRecordEntity } from '../entities';
import {
  fetchBatches,
  fetchPage,
  inDataRange,
  prefixPattern,
  whereCity,
  whereContains,
  whereCreated,
  type CityMatch,
  type CreatedWithin,
  type DataScope,
  type PageRows,
} from '../query';

/** The filters of the case lists of the user side. */
export interface AppraisalCaseFilter extends CreatedWithin {
  city?: CityMatch;
  /** Community name, certificate address or location. */
  place?: string;
  states?: readonly number[];
}

/** The appraisers' queue: kind, open or answered cases, city, age in days, the caller's claimed cases. */
export interface AppraisalQueueFilter {
  kind: AppraisalCaseKind | 'all';
  state: 'open' | 'answered' | 'all';
  /** A city code, or the start of a city name. */
  city?: string;
  age?: { within: number } | { olderThan: number };
  /** Only the cases this appraiser claimed. */
  assigneeId?: number;
}

/** What a repeated manual enquiry must match to be taken for the one filed moments ago. */
export interface RepeatedEnquiry {
  tenantId: number;
  accountId: number;
  since: Date;
  evalType: number;
  reason: number | null;
  cityCode: string;
  evalCode: string | null;
  haName: string | null;
  cardAddress: string | null;
  remark: string;
}

/** Links between cases are few; a longer walk means bad data and stops. */
const MAX_CHAIN_DEPTH = 50;

/** Manual enquiries, re-appraisals and price objections. */
@Injectable()
export class AppraisalCaseRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Cases of the kinds within the scope (the records' range), aliased `c`. */
  private scoped(scope: DataScope, kind: AppraisalCaseKind | readonly AppraisalCaseKind[]): SelectQueryBuilder<AppraisalCaseEntity> {
    const qb = this.ds
      .getRepository(AppraisalCaseEntity)
      .createQueryBuilder('c')
      .where('c.kind IN (:...kinds)', { kinds: typeof kind === 'string' ? [kind] : kind });
    return inDataRange(qb, 'c', scope);
  }

  findInRange(
    scope: DataScope,
    kind: AppraisalCaseKind | readonly AppraisalCaseKind[],
    id: number | string,
  ): Promise<AppraisalCaseEntity | null> {
    return this.scoped(scope, kind).andWhere('c.id = :id', { id }).getOne();
  }

  findInTenant(id: number | string, tenantId: number): Promise<AppraisalCaseEntity | null> {
    return this.ds.getRepository(AppraisalCaseEntity).findOneBy({ id: String(id), tenantId });
  }

  private filtered(scope: DataScope, kind: AppraisalCaseKind, f: AppraisalCaseFilter): SelectQueryBuilder<AppraisalCaseEntity> {
    const qb = this.scoped(scope, kind);
    whereCity(qb, 'c', f.city);
    whereContains(qb, 'c', 'place', ['haName', 'cardAddress', 'location'], f.place);
    whereCreated(qb, 'c', f);
    if (f.states?.length) qb.andWhere('c.state IN (:...states)', { states: f.states });
    return qb.orderBy('c.createdAt', 'DESC').addOrderBy('c.id', 'DESC');
  }

  /** A page of the filtered cases of a kind, newest first. */
  page(scope: DataScope, kind: AppraisalCaseKind, filter: AppraisalCaseFilter, page: PageRequest): Promise<PageRows<AppraisalCaseEntity>> {
    return fetchPage(this.filtered(scope, kind, filter), page);
  }

  /** The newest `limit` filtered cases of a kind, in batches. */
  batches(scope: DataScope, kind: AppraisalCaseKind, filter: AppraisalCaseFilter, limit: number): AsyncGenerator<AppraisalCaseEntity[]> {
    return fetchBatches(this.filtered(scope, kind, filter), limit);
  }

  /** Manual enquiries and re-appraisals within the scope that an appraiser answered with a price. */
  private answered(scope: DataScope): SelectQueryBuilder<AppraisalCaseEntity> {
    return this.scoped(scope, ['artificial', 'review']).andWhere('c.state = 2 AND c.reviewTotalPrice IS NOT NULL');
  }

  /** The answered, priced cases within the scope that stem from these valuations. */
  answeredOfValuations(scope: DataScope, evalCodes: readonly string[]): Promise<AppraisalCaseEntity[]> {
    if (evalCodes.length === 0) return Promise.resolve([]);
    return this.answered(scope).andWhere('c.evalCode IN (:...evalCodes)', { evalCodes }).getMany();
  }

  /** The answered, priced cases within the scope among these ids. */
  answeredAmong(scope: DataScope, ids: readonly string[]): Promise<AppraisalCaseEntity[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.answered(scope).andWhere('c.id IN (:...ids)', { ids }).getMany();
  }

  /**
   * For each property (its first valuation's code), how many answered, priced cases stem from its
   * valuations, counted within the scope for both the cases and the valuations.
   */
  async answeredCountsByProperty(scope: DataScope, rootEvalCodes: readonly string[]): Promise<Map<string, number>> {
    if (rootEvalCodes.length === 0) return new Map();
    const qb = this.answered(scope).innerJoin(
      EvalRecordEntity,
      'e',
      'e.evalCode = c.evalCode AND e.tenantId = c.tenantId AND e.companyId = c.companyId',
    );
    const rows: { root: string; n: string }[] = await inDataRange(qb, 'e', scope)
      .andWhere('e.rootEvalCode IN (:...roots)', { roots: rootEvalCodes })
      .select('e.rootEvalCode', 'root')
      .addSelect('COUNT(*)', 'n')
      .groupBy('e.rootEvalCode')
      .getRawMany();
    return new Map(rows.map((r) => [r.root, Number(r.n)]));
  }

  /**
   * The cases linked to a case: up its source links (a re-appraisal of a manual enquiry or of a
   * prior re-appraisal) to the first case, then down every re-appraisal made of it, and of those.
   * Within the tenant; no data range.
   */
  async linkedIds(tenantId: number, caseId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.ds.query(
      `WITH RECURSIVE up(id, kind, initiate, source_id, depth) AS (
         SELECT id, kind, initiate, source_id, 0 FROM appraisal_case WHERE id = $1 AND tenant_id = $2
         UNION ALL
         SELECT s.id, s.kind, s.initiate, s.source_id, up.depth + 1
           FROM up JOIN appraisal_case s ON s.id = up.source_id AND s.tenant_id = $2
          WHERE up.kind = 'review' AND up.initiate IN (2, 3) AND up.depth < $3
       ),
       root AS (SELECT id FROM up ORDER BY depth DESC LIMIT 1),
       down(id, depth) AS (
         SELECT id, 0 FROM root
         UNION ALL
         SELECT c.id, down.depth + 1
           FROM down JOIN appraisal_case c ON c.source_id = down.id AND c.tenant_id = $2 AND c.kind = 'review' AND c.initiate IN (2, 3)
          WHERE down.depth < $3
       )
       SELECT DISTINCT id FROM down`,
      [caseId, tenantId, MAX_CHAIN_DEPTH],
    );
    return rows.map((r) => String(r.id));
  }

  /** Serialises an account's manual enquiry submissions until the transaction ends. */
  async lockSubmissions(m: EntityManager, accountId: number): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('artificial-submit'), $1)`, [accountId]);
  }

  /** The account's newest pending manual enquiry filed since `since` with the same request, or null. */
  findRepeatedEnquiry(m: EntityManager, r: RepeatedEnquiry): Promise<AppraisalCaseEntity | null> {
    return m
      .getRepository(AppraisalCaseEntity)
      .createQueryBuilder('c')
      .where(`c.kind = 'artificial' AND c.tenantId = :tenantId AND c.accountId = :accountId AND c.state = 1`, r)
      .andWhere('c.createdAt > :since', r)
      .andWhere('c.evalType = :evalType AND c.reason = :reason AND c.cityCode = :cityCode', r)
      .andWhere('c.evalCode IS NOT DISTINCT FROM :evalCode', r)
      .andWhere('c.haName IS NOT DISTINCT FROM :haName AND c.cardAddress IS NOT DISTINCT FROM :cardAddress', r)
      .andWhere('c.remark = :remark', r)
      .orderBy('c.id', 'DESC')
      .getOne();
  }

  /** Open cases first, overdue ones first among them, then by due time; answered ones newest first. */
  async queue(tenantId: number, f: AppraisalQueueFilter, page: PageRequest): Promise<PageRows<AppraisalCaseEntity>> {
    const where: string[] = ['c.tenant_id = $1'];
    const params: unknown[] = [tenantId];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (f.kind !== 'all') where.push(`c.kind = ${param(f.kind)}`);
    if (f.state === 'open') where.push('c.state = 1');
    if (f.state === 'answered') where.push('c.state IN (2, 3)');
    if (f.city) where.push(`(c.city_code = ${param(f.city)} OR c.city_name LIKE ${param(prefixPattern(f.city))})`);
    if (f.age && 'within' in f.age) where.push(`c.created_at >= now() - make_interval(days => ${param(f.age.within)}::int)`);
    if (f.age && 'olderThan' in f.age) where.push(`c.created_at < now() - make_interval(days => ${param(f.age.olderThan)}::int)`);
    if (f.assigneeId !== undefined) where.push(`(c.context->>'assigneeId')::int = ${param(f.assigneeId)}`);
    const filterParams = params.length;
    const found: { id: string; total: number }[] = await this.ds.query(
      `SELECT c.id, count(*) OVER ()::int AS total
         FROM appraisal_case c
        WHERE ${where.join(' AND ')}
        ORDER BY (c.state = 1) DESC, (c.state = 1 AND c.due_at < now()) DESC,
                 CASE WHEN c.state = 1 THEN c.due_at END ASC, coalesce(c.reviewed_at, c.created_at) DESC, c.id DESC
        LIMIT ${param(page.pageSize)} OFFSET ${param(pageOffset(page))}`,
      params,
    );
    let total = found[0]?.total ?? 0;
    if (!found.length && page.pageIndex > 1) {
      const [row]: { total: number }[] = await this.ds.query(
        `SELECT count(*)::int AS total FROM appraisal_case c WHERE ${where.join(' AND ')}`,
        params.slice(0, filterParams),
      );
      total = row.total;
    }
    const cases = found.length
      ? await this.ds
          .getRepository(AppraisalCaseEntity)
          .createQueryBuilder('c')
          .whereInIds(found.map((r) => r.id))
          .getMany()
      : [];
    const byId = new Map(cases.map((c) => [c.id, c]));
    return { rows: found.map((r) => byId.get(r.id)).filter((c): c is AppraisalCaseEntity => !!c), total };
  }

  /** The tenant's open and overdue cases, and the open ones this appraiser claimed. */
  async queueCounts(tenantId: number, assigneeId: number): Promise<{ open: number; overdue: number; mine: number }> {
    const [row]: { open: number; overdue: number; mine: number }[] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE state = 1)::int AS open,
              count(*) FILTER (WHERE state = 1 AND due_at < now())::int AS overdue,
              count(*) FILTER (WHERE state = 1 AND (context->>'assigneeId')::int = $2)::int AS mine
         FROM appraisal_case WHERE tenant_id = $1`,
      [tenantId, assigneeId],
    );
    return row;
  }
}
