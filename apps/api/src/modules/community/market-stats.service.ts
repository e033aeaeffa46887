import { Injectable } from '@nestjs/common';
import { MarketStatsQueries, type CommunityCaseFilter } from '@valuation/core';
import type { CommunityEntity, PriceIndexScope } from '@valuation/persistence';
import type { CommunityPriceHistory, MonthSeries, PriceDistribution, RoomTypeSeries } from '@valuation/contracts';
import {
  firstMarketTrend,
  marketTrend,
  monthKey,
  shiftMonth as shiftMonthKey,
  TREND_WINDOW_MONTHS,
  type MarketTrend,
  type TrendSource,
} from '@valuation/domain';
import { MAX_ROOMS, type AnalysisQuery } from './community.schemas';
import { planBuckets, round2, shiftMonth, withPriceLink } from './market-series';

export const TRADE = { sale: 1, lease: 2 } as const;

/** Months of the price history on the quick-valuation and report pages. */
export const PRICE_HISTORY_MONTHS = 24;

/** Buckets of the price distribution chart. */
const DISTRIBUTION_BUCKETS = 10;

/** The newest price of a scope and its change against the month before. */
export interface LatestPrice {
  price: number | null;
  rise: number | null;
  month: string | null;
}

const NO_PRICE: LatestPrice = { price: null, rise: null, month: null };

/** How far back the trend looks for its newest month when the market's data stops early. */
const TREND_LOOKBACK_MONTHS = 5 * 12;

/** The place whose price trend is asked for: its community (whose district is looked up) and its city. */
export interface TrendSubject {
  haCode: string | null;
  cityCode: string | null;
}

/** Price indices and case statistics of communities and cities. */
@Injectable()
export class MarketStatsService {
  constructor(private readonly queries: MarketStatsQueries) {}

  /** Monthly average unit prices of the 24 months up to the newest index, with month-on-month change. */
  async priceHistory(haCode: string, propType: number, tradeTypes: number[]): Promise<CommunityPriceHistory> {
    const rows = await this.queries.indexHistory(haCode, propType, tradeTypes, PRICE_HISTORY_MONTHS);
    const series = (trade: number) => {
      const points = rows.filter((r) => r.trade_type === trade);
      const latest = points.at(-1)?.month;
      return latest ? withPriceLink(points, shiftMonth(latest, 1 - PRICE_HISTORY_MONTHS)) : [];
    };
    return { saleHistory: series(TRADE.sale), leaseHistory: series(TRADE.lease) };
  }

  /**
   * The price trend of a place (the one series behind the chart and the 环比/同比 figures of the
   * report page, the PDF and the appraiser's case page): the community's index when it makes a
   * series, else its district's, else its city's, in the window ending no later than `endMonth`.
   */
  async trend(subject: TrendSubject, evalType: number, propType: number, endMonth: string = monthKey()): Promise<MarketTrend> {
    if (!subject.haCode && !subject.cityCode) return firstMarketTrend([]);
    const rows = await this.queries.trendMonths(
      subject,
      evalType === 2 ? TRADE.lease : TRADE.sale,
      propType,
      shiftMonthKey(endMonth, 1 - TREND_LOOKBACK_MONTHS - TREND_WINDOW_MONTHS),
      endMonth,
    );
    const sources: TrendSource[] = ['community', 'district', 'city'];
    return firstMarketTrend(
      sources.map((source) =>
        marketTrend(
          rows.filter((r) => r.scope === source),
          { evalType, source, endMonth },
        ),
      ),
    );
  }

  /** The price trend of a valuation: its place, trade and property type, up to the month it was made. */
  valuationTrend(record: {
    haCode: string | null;
    cityCode: string;
    evalType: number;
    propType: number;
    evalDate: string;
  }): Promise<MarketTrend> {
    return this.trend(record, record.evalType, record.propType, record.evalDate.slice(0, 7));
  }

  /** Newest sale and lease price of a community or city, with the change against the month before. */
  async latestPrices(scope: PriceIndexScope, scopeCode: string, propType: number): Promise<{ sale: LatestPrice; lease: LatestPrice }> {
    const rows = await this.queries.latestIndex(scope, scopeCode, propType);
    const latest = (trade: number): LatestPrice => {
      const [now, before] = [1, 2].map((rn) => rows.find((r) => r.trade_type === trade && r.rn === rn));
      if (!now) return NO_PRICE;
      const [link] = withPriceLink(before ? [before, now] : [now], now.month);
      return { price: link.price, rise: link.priceLink, month: now.month };
    };
    return { sale: latest(TRADE.sale), lease: latest(TRADE.lease) };
  }

  /**
   * Monthly average unit price (statType price) or number of cases (count). Sale and lease
   * series without a room filter come from the community index; new homes (cases of buildings
   * at most a year old, by the case's build year or else the community's) and room-filtered
   * series are computed from the cases.
   */
  async monthly(
    community: Pick<CommunityEntity, 'id' | 'haCode' | 'buildYear'>,
    q: Pick<AnalysisQuery, 'tradeType' | 'propType' | 'sinceYear' | 'statType' | 'statKey'>,
  ): Promise<MonthSeries> {
    const tradeType = q.tradeType === 'lease' ? TRADE.lease : TRADE.sale;
    const rows =
      q.tradeType !== 'newha' && q.statKey === undefined
        ? await this.queries.indexMonths(community.haCode, tradeType, q.propType, q.sinceYear)
        : await this.queries.caseMonths(
            { communityId: community.id, tradeType, propType: q.propType, sinceYear: q.sinceYear },
            { rooms: q.statKey ?? null, maxRooms: MAX_ROOMS, newHomes: q.tradeType === 'newha', buildYear: community.buildYear },
          );
    return { rows: rows.map((r) => ({ month: r.month, data: q.statType === 'count' ? r.count : round2(r.price) })) };
  }

  /**
   * Histogram of unit (or total) prices. The bucket range spans the 2nd to 98th percentile, so a
   * few extreme listings do not flatten the chart; values beyond it count in the end buckets.
   */
  async distribution(f: CommunityCaseFilter, value: 'price' | 'total'): Promise<PriceDistribution> {
    const stats = await this.queries.percentiles(f, value);
    if (!stats.n || stats.lo === null || stats.hi === null) return { rows: [], stepSize: 0 };
    const plan = planBuckets(stats.lo, stats.hi, DISTRIBUTION_BUCKETS);
    const byBucket = await this.queries.bucketCounts(f, value, plan);
    return {
      rows: Array.from({ length: plan.count }, (_, i) => ({ step: round2(plan.start + i * plan.step), data: byBucket.get(i) ?? 0 })),
      stepSize: plan.step,
    };
  }

  /** Share of cases (rate, percent) or average unit price (price) by room count, 15 meaning 15 or more. */
  async byRooms(f: CommunityCaseFilter, statKey: 'rate' | 'price'): Promise<RoomTypeSeries> {
    const rows = await this.queries.byRooms(f, MAX_ROOMS);
    const total = rows.reduce((s, r) => s + r.n, 0);
    return { rows: rows.map((r) => ({ br: r.br, data: statKey === 'price' ? round2(r.price) : round2((r.n / total) * 100) })) };
  }
}
