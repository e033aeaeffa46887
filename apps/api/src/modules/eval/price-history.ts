import type { EvalHistoryItem, PriceHistoryItem } from '@valuation/contracts';
import { caseTime } from '@valuation/core';
import { caseArtificialType, orderPriceHistory, type ArtificialType } from '@valuation/domain';
import type {
  AppraisalCaseEntity,
  AppraisalCaseRepository,
  DataScope,
  EvalRecordEntity,
  EvalRecordRepository,
} from '@valuation/persistence';
import { dateTime } from './eval-record.view';

const num = (v: string | null) => (v === null ? null : Number(v));

/** Where the price histories read: valuation records and appraisal cases, within the caller's record range. */
export interface PriceHistorySources {
  records: EvalRecordRepository;
  cases: AppraisalCaseRepository;
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
export async function casePriceHistory(
  sources: PriceHistorySources,
  scope: DataScope,
  c: AppraisalCaseEntity,
): Promise<PriceHistoryItem[]> {
  const entries: Dated<PriceHistoryItem>[] = [];
  if (c.evalCode) {
    const record = await sources.records.findByCode(scope, c.evalCode);
    const valued = record ? valuationEntry(record) : null;
    if (valued) entries.push(valued);
    entries.push(...(await sources.cases.answeredOfValuations(scope, [c.evalCode])).map(caseEntry));
  } else {
    const ids = await sources.cases.linkedIds(scope.tenantId, c.id);
    entries.push(...(await sources.cases.answeredAmong(scope, ids)).map(caseEntry));
  }
  return orderPriceHistory(entries, { pricedOnly: true }).map((e) => e.item);
}

/**
 * GET api/eval/history/list: the valuations of a property (the record's and its re-valuations) and
 * the answered manual enquiries and re-appraisals with a price that stem from them, newest first.
 */
export async function valuationPriceHistory(
  caseRepository: AppraisalCaseRepository,
  scope: DataScope,
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
  const answered = await caseRepository.answeredOfValuations(
    scope,
    records.map((r) => r.evalCode),
  );
  const cases: Dated<EvalHistoryItem>[] = answered.map((c) => {
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
