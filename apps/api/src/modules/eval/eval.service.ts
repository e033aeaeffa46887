import { Injectable } from '@nestjs/common';
import { checkValuationRequest, Perm, type ValuationRequest } from '@valuation/domain';
import type { EvalHistoryItem, EvalResult, EvalTrend } from '@valuation/contracts';
import {
  AppraisalCaseRepository,
  BusinessRepository,
  EvalRecordRepository,
  EvalReportRepository,
  type EvalRecordEntity,
} from '@valuation/persistence';
import { NoPropertyFoundError, QuotaExhaustedError, ValuationService } from '@valuation/core';
import type { TradeType } from '@valuation/valuation';
import { ApiError } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { MarketStatsService } from '../community/market-stats.service';
import { EvalFieldService } from '../eval-field/eval-field.service';
import { evalRecordView, storedResult } from './eval-record.view';
import { valuationPriceHistory } from './price-history';

export const EvalMsg = {
  notFound: '估价记录不存在',
  noRight: '您没有该类型估价的权限',
} as const;

/** Quick valuation, its record, trend, re-valuation and history for the caller. */
@Injectable()
export class EvalService {
  constructor(
    private readonly records: EvalRecordRepository,
    private readonly reports: EvalReportRepository,
    private readonly cases: AppraisalCaseRepository,
    private readonly businesses: BusinessRepository,
    private readonly valuations: ValuationService,
    private readonly fields: EvalFieldService,
    private readonly market: MarketStatsService,
  ) {}

  assertMayValue(p: Principal, evalType: TradeType) {
    if (!p.permissions.has(evalType === 1 ? Perm.saleValuation : Perm.rentValuation)) throw ApiError.forbidden(EvalMsg.noRight);
  }

  async rapid(p: Principal, body: Record<string, unknown>, evalType: TradeType) {
    this.assertMayValue(p, evalType);
    const checked = checkValuationRequest(body, await this.fields.forValuation(p));
    if (!checked.ok) throw ApiError.badRequest(checked.message, { field: checked.field });
    return this.run(p, checked.value, evalType);
  }

  /** Values the same property again with today's market; the new record joins the history. */
  async reval(p: Principal, evalCode: string, evalType: TradeType) {
    this.assertMayValue(p, evalType);
    const previous = await this.find(p, evalCode);
    return this.run(p, previous.input as ValuationRequest, evalType, previous.rootEvalCode);
  }

  private async run(p: Principal, req: ValuationRequest, evalType: TradeType, rootEvalCode?: string) {
    const businessName = req.businessTypeId ? await this.businesses.nameOf(req.businessTypeId, p.tenantId, p.companyId) : null;
    try {
      const outcome = await this.valuations.value(
        { tenantId: p.tenantId, companyId: p.companyId!, organizationId: p.organizationId!, accountId: p.id },
        req,
        evalType,
        { rootEvalCode, businessTypeName: businessName, source: p.client },
      );
      return { evalCode: outcome.evalCode, state: outcome.state, range: outcome.result.range };
    } catch (err) {
      if (err instanceof NoPropertyFoundError) throw new ApiError(402, err.message);
      if (err instanceof QuotaExhaustedError) throw ApiError.forbidden(err.message);
      throw err;
    }
  }

  async get(p: Principal, evalCode: string): Promise<EvalResult> {
    const record = await this.find(p, evalCode);
    const stored = storedResult(record);
    const ordered = (await this.reports.liveTypesByRecord([evalCode])).get(evalCode) ?? new Set<number>();
    return {
      record: { ...evalRecordView(record), inquiry: ordered.has(1), advisory: ordered.has(2) },
      samples: stored.samples ?? [],
      betas: stored.betas ?? [],
    };
  }

  /** The price trend of the valuation's place up to its month: the series and its 环比/同比 figures. */
  async pm(p: Principal, evalCode: string): Promise<EvalTrend> {
    return this.market.valuationTrend(evalRecordView(await this.find(p, evalCode)));
  }

  /**
   * Every valuation of the same property, and the answered manual enquiries and re-appraisals with a
   * price that stem from them, newest first.
   */
  async history(p: Principal, evalRecordId: number): Promise<EvalHistoryItem[]> {
    const scope = recordScope(p);
    const record = await this.records.findById(scope, evalRecordId);
    if (!record) throw ApiError.notFound(EvalMsg.notFound);
    return valuationPriceHistory(this.cases, scope, await this.records.ofProperty(scope, record.rootEvalCode));
  }

  private async find(p: Principal, evalCode: string): Promise<EvalRecordEntity> {
    const record = await this.records.findByCode(recordScope(p), evalCode);
    if (!record) throw ApiError.notFound(EvalMsg.notFound);
    return record;
  }
}
