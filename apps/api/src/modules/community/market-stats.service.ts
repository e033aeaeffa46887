import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CommunityEntity, PriceIndexScope } from '@valuation/persistence';
import type { CommunityPriceHistory, MonthSeries, PriceDistribution, RoomTypeSeries } from '@valuation/contracts';
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

interface CaseFilter {
  communityId: number;
  tradeType: number;
  propType: number;
  sinceYear: number;
}

/**
 * The cases of one community, trade and property type within `sinceYear` years of the newest
 * such case, as the CTE `cases` (parameters $1..$4). Windows end at the newest data rather
 * than today, so a market whose data stops earlier still shows its last years.
 */
const CASES_CTE = `
  filtered AS (
    SELECT case_date, unit_price::float8 AS unit_price, total_price::float8 AS total_price, rooms, build_year
      FROM market_case
     WHERE community_id = $1 AND trade_type = $2 AND prop_type = $3
  ),
  cases AS (
    SELECT f.* FROM filtered f
     WHERE f.case_date > (SELECT max(case_date) FROM filtered) - make_interval(years => $4::int)
  )`;

const caseParams = (f: CaseFilter) => [f.communityId, f.tradeType, f.propType, f.sinceYear];

/** Price indices and case statistics of communities and cities. */
@Injectable()
export class MarketStatsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Monthly average unit prices of the 24 months up to the newest index, with month-on-month change. */
  async priceHistory(haCode: string, propType: number, tradeTypes: number[]): Promise<CommunityPriceHistory> {
    const rows: { trade_type: number; month: string; price: number }[] = await this.ds.query(
      `WITH latest AS (
         SELECT trade_type, max(month) AS m FROM price_index
          WHERE scope = 'community' AND scope_code = $1 AND prop_type = $2 AND trade_type = ANY($3::int[])
          GROUP BY trade_type
       )
       SELECT p.trade_type, to_char(p.month, 'YYYY-MM') AS month, p.avg_unit_price::float8 AS price
         FROM price_index p JOIN latest l ON l.trade_type = p.trade_type
        WHERE p.scope = 'community' AND p.scope_code = $1 AND p.prop_type = $2
          AND p.month >= l.m - make_interval(months => $4::int)
        ORDER BY p.trade_type, p.month`,
      [haCode, propType, tradeTypes, PRICE_HISTORY_MONTHS],
    );
    const series = (trade: number) => {
      const points = rows.filter((r) => r.trade_type === trade);
      const latest = points.at(-1)?.month;
      return latest ? withPriceLink(points, shiftMonth(latest, 1 - PRICE_HISTORY_MONTHS)) : [];
    };
    return { saleHistory: series(TRADE.sale), leaseHistory: series(TRADE.lease) };
  }

  /** Newest sale and lease price of a community or city, with the change against the month before. */
  async latestPrices(scope: PriceIndexScope, scopeCode: string, propType: number): Promise<{ sale: LatestPrice; lease: LatestPrice }> {
    const rows: { trade_type: number; month: string; price: number; rn: number }[] = await this.ds.query(
      `SELECT trade_type, month, price, rn FROM (
         SELECT trade_type, to_char(month, 'YYYY-MM') AS month, avg_unit_price::float8 AS price,
                row_number() OVER (PARTITION BY trade_type ORDER BY month DESC)::int AS rn
           FROM price_index
          WHERE scope = $1 AND scope_code = $2 AND prop_type = $3 AND trade_type IN (1, 2)
       ) x WHERE rn <= 2`,
      [scope, scopeCode, propType],
    );
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
    let rows: { month: string; price: number; count: number }[];
    if (q.tradeType !== 'newha' && q.statKey === undefined) {
      rows = await this.ds.query(
        `WITH latest AS (
           SELECT max(month) AS m FROM price_index
            WHERE scope = 'community' AND scope_code = $1 AND trade_type = $2 AND prop_type = $3
         )
         SELECT to_char(month, 'YYYY-MM') AS month, avg_unit_price::float8 AS price, case_count AS count
           FROM price_index, latest
          WHERE scope = 'community' AND scope_code = $1 AND trade_type = $2 AND prop_type = $3
            AND month > latest.m - make_interval(years => $4::int)
          ORDER BY month`,
        [community.haCode, tradeType, q.propType, q.sinceYear],
      );
    } else {
      rows = await this.ds.query(
        `WITH ${CASES_CTE}
         SELECT to_char(case_date, 'YYYY-MM') AS month, avg(unit_price)::float8 AS price, count(*)::int AS count
           FROM cases
          WHERE ($5::int IS NULL OR least(rooms, ${MAX_ROOMS}) = $5)
            AND (NOT $6::boolean OR coalesce(build_year, $7::int) >= extract(year FROM case_date)::int - 1)
          GROUP BY 1 ORDER BY 1`,
        [
          ...caseParams({ communityId: community.id, tradeType, propType: q.propType, sinceYear: q.sinceYear }),
          q.statKey ?? null,
          q.tradeType === 'newha',
          community.buildYear,
        ],
      );
    }
    return { rows: rows.map((r) => ({ month: r.month, data: q.statType === 'count' ? r.count : round2(r.price) })) };
  }

  /**
   * Histogram of unit (or total) prices. The bucket range spans the 2nd to 98th percentile, so a
   * few extreme listings do not flatten the chart; values beyond it count in the end buckets.
   */
  async distribution(f: CaseFilter, value: 'price' | 'total'): Promise<PriceDistribution> {
    const column = value === 'total' ? 'total_price' : 'unit_price';
    const [stats]: { n: number; lo: number | null; hi: number | null }[] = await this.ds.query(
      `WITH ${CASES_CTE}
       SELECT count(*)::int AS n,
              percentile_cont(0.02) WITHIN GROUP (ORDER BY ${column}) AS lo,
              percentile_cont(0.98) WITHIN GROUP (ORDER BY ${column}) AS hi
         FROM cases`,
      caseParams(f),
    );
    if (!stats.n || stats.lo === null || stats.hi === null) return { rows: [], stepSize: 0 };
    const plan = planBuckets(stats.lo, stats.hi, DISTRIBUTION_BUCKETS);
    const counted: { b: number; n: number }[] = await this.ds.query(
      `WITH ${CASES_CTE}
       SELECT least(greatest(floor((${column} - $5::float8) / $6::float8), 0), $7::int - 1)::int AS b, count(*)::int AS n
         FROM cases GROUP BY 1`,
      [...caseParams(f), plan.start, plan.step, plan.count],
    );
    const byBucket = new Map(counted.map((c) => [c.b, c.n]));
    return {
      rows: Array.from({ length: plan.count }, (_, i) => ({ step: round2(plan.start + i * plan.step), data: byBucket.get(i) ?? 0 })),
      stepSize: plan.step,
    };
  }

  /** Share of cases (rate, percent) or average unit price (price) by room count, 15 meaning 15 or more. */
  async byRooms(f: CaseFilter, statKey: 'rate' | 'price'): Promise<RoomTypeSeries> {
    const rows: { br: number; n: number; price: number }[] = await this.ds.query(
      `WITH ${CASES_CTE}
       SELECT least(rooms, ${MAX_ROOMS})::int AS br, count(*)::int AS n, avg(unit_price)::float8 AS price
         FROM cases WHERE rooms > 0
        GROUP BY 1 ORDER BY 1`,
      caseParams(f),
    );
    const total = rows.reduce((s, r) => s + r.n, 0);
    return { rows: rows.map((r) => ({ br: r.br, data: statKey === 'price' ? round2(r.price) : round2((r.n / total) * 100) })) };
  }
}
