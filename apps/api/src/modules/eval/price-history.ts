import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { EvalHistoryItem, PriceHistoryItem } from '@valuation/contracts';
import { caseTime } from '@valuation/core';
import { caseArtificialType, orderPriceHistory, Perm, type ArtificialType } from '@valuation/domain';
import { EvalRecordEntity, type AppraisalCaseEntity } from '@valuation/persistence';
import { scopedCases } from '../../common/appraisal-case.scope';
import { withinDataRange } from '../../common/data-range';
import type { Principal } from '../../common/principal';
import { scopedEvalRecords } from './eval-record.scope';
import { dateTime } from './eval-record.view';

const num = (v: string | null) => (v === null ? null : Number(v));

/** Links followed between cases are few; a longer walk means bad data and stops. */
const MAX_CHAIN_DEPTH = 50;

/** Manual enquiries and re-appraisals the caller may read that an appraiser answered with a price. */
function answeredCases(ds: DataSource, p: Principal): SelectQueryBuilder<AppraisalCaseEntity> {
  return scopedCases(ds, p, ['artificial', 'review']).andWhere('c.state = 2 AND c.reviewTotalPrice IS NOT NULL');
}

/** The answered, priced manual enquiries and re-appraisals of the caller's range that stem from these valuations. */
export function answeredCasesOfValuations(ds: DataSource, p: Principal, evalCodes: readonly string[]): Promise<AppraisalCaseEntity[]> {
  if (evalCodes.length === 0) return Promise.resolve([]);
  return answeredCases(ds, p).andWhere('c.evalCode IN (:...evalCodes)', { evalCodes }).getMany();
}

/**
 * For each property (root evalCode), how many answered, priced manual enquiries and re-appraisals
 * stem from its valuations: the rows api/eval/history/list adds to the valuations, counted within
 * the caller's range for both the cases and the valuations.
 */
export async function answeredCaseCounts(ds: DataSource, p: Principal, roots: readonly string[]): Promise<Map<string, number>> {
  if (roots.length === 0) return new Map();
  const qb = answeredCases(ds, p).innerJoin(
    EvalRecordEntity,
    'e',
    'e.evalCode = c.evalCode AND e.tenantId = c.tenantId AND e.companyId = c.companyId',
  );
  const rows: { root: string; n: string }[] = await withinDataRange(qb, 'e', p, Perm.valuationRecords)
    .andWhere('e.rootEvalCode IN (:...roots)', { roots })
    .select('e.rootEvalCode', 'root')
    .addSelect('COUNT(*)', 'n')
    .groupBy('e.rootEvalCode')
    .getRawMany();
  return new Map(rows.map((r) => [r.root, Number(r.n)]));
}

/**
 * The cases linked to a case that has no valuation behind it: up its source links (a re-appraisal
 * of a manual enquiry or of a prior re-appraisal) to the first case, then down every re-appraisal
 * made of it, the re-appraisals of those, and so on. Within the tenant; the caller's range is applied after.
 */
async function linkedCaseIds(ds: DataSource, tenantId: number, caseId: string): Promise<string[]> {
  const rows: { id: string }[] = await ds.query(
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

interface Dated<T> {
  type: ArtificialType;
  at: Date;
  totalPrice: number | null;
  item: T;
}

function valuationEntry(r: EvalRecordEntity): Dated<PriceHistoryItem> | null {
  const totalPrice = num(r.totalPrice);
  if (totalPrice === null) return null;
  return {
    type: 1,
    at: r.createdAt,
    totalPrice,
    item: {
      type: 1,
      id: Number(r.id),
      code: r.evalCode,
      evalType: r.evalType === 2 ? 2 : 1,
      evalDate: dateTime(r.createdAt),
      totalPrice,
      unitPrice: num(r.unitPrice),
    },
  };
}

function caseEntry(c: AppraisalCaseEntity): Dated<PriceHistoryItem> {
  const type = caseArtificialType(c.kind === 'artificial' ? 'artificial' : 'review');
  const at = c.reviewedAt ?? c.updatedAt;
  const totalPrice = Number(c.reviewTotalPrice);
  return {
    type,
    at,
    totalPrice,
    item: {
      type,
      id: Number(c.id),
      code: c.caseNo,
      evalType: c.evalType,
      evalDate: caseTime(at),
      totalPrice,
      unitPrice: num(c.reviewUnitPrice),
    },
  };
}

/**
 * The price history of the chain a manual enquiry or re-appraisal belongs to, oldest first: the
 * automatic valuation it comes from (type 1), every answered manual enquiry (2) and re-appraisal (3)
 * that stems from that valuation, or, for a case filed from house information, from the same first
 * enquiry. Cases without a price, and whatever lies outside the caller's range, are left out.
 */
export async function casePriceHistory(ds: DataSource, p: Principal, c: AppraisalCaseEntity): Promise<PriceHistoryItem[]> {
  const entries: Dated<PriceHistoryItem>[] = [];
  if (c.evalCode) {
    const record = await scopedEvalRecords(ds, p).andWhere('r.evalCode = :code', { code: c.evalCode }).getOne();
    const valued = record ? valuationEntry(record) : null;
    if (valued) entries.push(valued);
    entries.push(...(await answeredCasesOfValuations(ds, p, [c.evalCode])).map(caseEntry));
  } else {
    const ids = await linkedCaseIds(ds, p.tenantId, c.id);
    if (ids.length) entries.push(...(await answeredCases(ds, p).andWhere('c.id IN (:...ids)', { ids }).getMany()).map(caseEntry));
  }
  return orderPriceHistory(entries, { pricedOnly: true }).map((e) => e.item);
}

/**
 * GET api/eval/history/list: the valuations of a property (the record's and its re-valuations) and
 * the answered manual enquiries and re-appraisals with a price that stem from them, newest first.
 */
export async function valuationPriceHistory(
  ds: DataSource,
  p: Principal,
  records: readonly EvalRecordEntity[],
): Promise<EvalHistoryItem[]> {
  const valuations: Dated<EvalHistoryItem>[] = records.map((r) => ({
    type: 1,
    at: r.createdAt,
    totalPrice: num(r.totalPrice),
    item: {
      id: Number(r.id),
      evalCode: r.evalCode,
      caseNo: null,
      type: 1,
      evalType: r.evalType === 2 ? 2 : 1,
      evalDate: dateTime(r.createdAt),
      totalPrice: num(r.totalPrice),
      unitPrice: num(r.unitPrice),
      state: r.state,
    },
  }));
  const cases: Dated<EvalHistoryItem>[] = (
    await answeredCasesOfValuations(
      ds,
      p,
      records.map((r) => r.evalCode),
    )
  ).map((c) => {
    const { type, at, totalPrice, item } = caseEntry(c);
    return {
      type,
      at,
      totalPrice,
      item: {
        id: item.id,
        evalCode: c.evalCode ?? '',
        caseNo: c.caseNo,
        type,
        evalType: c.evalType,
        evalDate: item.evalDate,
        totalPrice,
        unitPrice: item.unitPrice,
        state: c.state,
      },
    };
  });
  return orderPriceHistory([...valuations, ...cases], { newestFirst: true }).map((e) => e.item);
}
