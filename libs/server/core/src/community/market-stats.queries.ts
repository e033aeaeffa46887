import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PriceIndexScope } from '@valuation/persistence';

/** The cases of one community, trade and property type within `sinceYear` years of the newest such case. */
export interface CommunityCaseFilter {
  communityId: number;
  tradeType: number;
  propType: number;
  sinceYear: number;
}

/** A month's average unit price and number of cases. */
export interface MonthRow {
  month: string;
  price: number;
  count: number;
}

/** A recent market case of a community. */
export interface RecentCaseRow {
  id: string;
  caseDate: string;
  area: number;
  floor: number | null;
  totalFloors: number | null;
  rooms: number | null;
  halls: number | null;
  totalPrice: number;
  unitPrice: number;
  source: string;
}

/**
 * The cases as the CTE `cases` (parameters $1..$4). Windows end at the newest data rather than
 * today, so a market whose data stops earlier still shows its last years.
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

const caseParams = (f: CommunityCaseFilter) => [f.communityId, f.tradeType, f.propType, f.sinceYear];

/** Reads of price indices and market cases behind the community charts and the appraisers' detail. */
@Injectable()
export class MarketStatsQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A community's monthly index prices of the `months` months up to its newest month, per trade type. */
  indexHistory(
    haCode: string,
    propType: number,
    tradeTypes: number[],
    months: number,
  ): Promise<{ trade_type: number; month: string; price: number }[]> {
    return this.ds.query(
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
      [haCode, propType, tradeTypes, months],
    );
  }

  /** The two newest index months of a scope, sale and lease (rn 1 the newest). */
  latestIndex(
    scope: PriceIndexScope,
    scopeCode: string,
    propType: number,
  ): Promise<{ trade_type: number; month: string; price: number; rn: number }[]> {
    return this.ds.query(
      `SELECT trade_type, month, price, rn FROM (
         SELECT trade_type, to_char(month, 'YYYY-MM') AS month, avg_unit_price::float8 AS price,
                row_number() OVER (PARTITION BY trade_type ORDER BY month DESC)::int AS rn
           FROM price_index
          WHERE scope = $1 AND scope_code = $2 AND prop_type = $3 AND trade_type IN (1, 2)
       ) x WHERE rn <= 2`,
      [scope, scopeCode, propType],
    );
  }

  /**
   * Index months (average unit price and number of cases) of a community, its district and a city,
   * one trade and property type, from `fromMonth` to `toMonth` (yyyy-MM, both included).
   */
  trendMonths(
    place: { haCode: string | null; cityCode: string | null },
    tradeType: number,
    propType: number,
    fromMonth: string,
    toMonth: string,
  ): Promise<(MonthRow & { scope: PriceIndexScope })[]> {
    return this.ds.query(
      `WITH place AS (
         SELECT $1::text AS ha_code, (SELECT dist_code FROM community WHERE ha_code = $1) AS dist_code, $2::text AS city_code
       )
       SELECT p.scope, to_char(p.month, 'YYYY-MM') AS month, p.avg_unit_price::float8 AS price, p.case_count AS count
         FROM price_index p, place
        WHERE p.trade_type = $3 AND p.prop_type = $4
          AND p.month >= to_date($5, 'YYYY-MM') AND p.month <= to_date($6, 'YYYY-MM')
          AND ((p.scope = 'community' AND p.scope_code = place.ha_code)
            OR (p.scope = 'district' AND p.scope_code = place.dist_code)
            OR (p.scope = 'city' AND p.scope_code = place.city_code))
        ORDER BY p.scope, p.month`,
      [place.haCode, place.cityCode, tradeType, propType, fromMonth, toMonth],
    );
  }

  /** A community's index months within `sinceYear` years of its newest month. */
  indexMonths(haCode: string, tradeType: number, propType: number, sinceYear: number): Promise<MonthRow[]> {
    return this.ds.query(
      `WITH latest AS (
         SELECT max(month) AS m FROM price_index
          WHERE scope = 'community' AND scope_code = $1 AND trade_type = $2 AND prop_type = $3
       )
       SELECT to_char(month, 'YYYY-MM') AS month, avg_unit_price::float8 AS price, case_count AS count
         FROM price_index, latest
        WHERE scope = 'community' AND scope_code = $1 AND trade_type = $2 AND prop_type = $3
          AND month > latest.m - make_interval(years => $4::int)
        ORDER BY month`,
      [haCode, tradeType, propType, sinceYear],
    );
  }

  /**
   * Monthly averages computed from the cases: only those with `rooms` rooms (counting `maxRooms`
   * and more as `maxRooms`) when given, only new homes (built at most a year before the case, by
   * the case's build year or else `buildYear`) when asked.
   */
  caseMonths(
    f: CommunityCaseFilter,
    options: { rooms: number | null; maxRooms: number; newHomes: boolean; buildYear: number | null },
  ): Promise<MonthRow[]> {
    return this.ds.query(
      `WITH ${CASES_CTE}
       SELECT to_char(case_date, 'YYYY-MM') AS month, avg(unit_price)::float8 AS price, count(*)::int AS count
         FROM cases
        WHERE ($5::int IS NULL OR least(rooms, $8::int) = $5)
          AND (NOT $6::boolean OR coalesce(build_year, $7::int) >= extract(year FROM case_date)::int - 1)
        GROUP BY 1 ORDER BY 1`,
      [...caseParams(f), options.rooms, options.newHomes, options.buildYear, options.maxRooms],
    );
  }

  /** The number of cases and the 2nd and 98th percentiles of a price column (unit or total). */
  async percentiles(f: CommunityCaseFilter, value: 'price' | 'total'): Promise<{ n: number; lo: number | null; hi: number | null }> {
    const column = value === 'total' ? 'total_price' : 'unit_price';
    const [stats]: { n: number; lo: number | null; hi: number | null }[] = await this.ds.query(
      `WITH ${CASES_CTE}
       SELECT count(*)::int AS n,
              percentile_cont(0.02) WITHIN GROUP (ORDER BY ${column}) AS lo,
              percentile_cont(0.98) WITHIN GROUP (ORDER BY ${column}) AS hi
         FROM cases`,
      caseParams(f),
    );
    return stats;
  }

  /** Cases per bucket of a price column: `count` buckets of `step` from `start`, values beyond them in the end buckets. */
  async bucketCounts(
    f: CommunityCaseFilter,
    value: 'price' | 'total',
    plan: { start: number; step: number; count: number },
  ): Promise<Map<number, number>> {
    const column = value === 'total' ? 'total_price' : 'unit_price';
    const rows: { b: number; n: number }[] = await this.ds.query(
      `WITH ${CASES_CTE}
       SELECT least(greatest(floor((${column} - $5::float8) / $6::float8), 0), $7::int - 1)::int AS b, count(*)::int AS n
         FROM cases GROUP BY 1`,
      [...caseParams(f), plan.start, plan.step, plan.count],
    );
    return new Map(rows.map((r) => [r.b, r.n]));
  }

  /** Cases and their average unit price by room count (counting `maxRooms` and more as `maxRooms`). */
  byRooms(f: CommunityCaseFilter, maxRooms: number): Promise<{ br: number; n: number; price: number }[]> {
    return this.ds.query(
      `WITH ${CASES_CTE}
       SELECT least(rooms, $5::int)::int AS br, count(*)::int AS n, avg(unit_price)::float8 AS price
         FROM cases WHERE rooms > 0
        GROUP BY 1 ORDER BY 1`,
      [...caseParams(f), maxRooms],
    );
  }

  /** A community's newest cases of a trade type dated `since` (yyyy-MM-dd) or later, at most `limit`. */
  async recentCases(communityId: number, tradeType: number, since: string, limit: number): Promise<RecentCaseRow[]> {
    const rows: {
      id: string;
      case_date: string;
      area: number;
      floor: number | null;
      total_floors: number | null;
      rooms: number | null;
      halls: number | null;
      total_price: number;
      unit_price: number;
      source: string;
    }[] = await this.ds.query(
      `SELECT id, to_char(case_date, 'YYYY-MM-DD') AS case_date, area::float8 AS area, floor, total_floors, rooms, halls,
              total_price::float8 AS total_price, unit_price::float8 AS unit_price, source
         FROM market_case
        WHERE community_id = $1 AND trade_type = $2 AND case_date >= $3::date
        ORDER BY case_date DESC, id DESC
        LIMIT $4`,
      [communityId, tradeType, since, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      caseDate: r.case_date,
      area: r.area,
      floor: r.floor,
      totalFloors: r.total_floors,
      rooms: r.rooms,
      halls: r.halls,
      totalPrice: r.total_price,
      unitPrice: r.unit_price,
      source: r.source,
    }));
  }
}
