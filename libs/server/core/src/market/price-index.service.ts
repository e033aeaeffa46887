import { refreshStandardPrices } from '../valuation/standard-price.refresh';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MarketIndexRebuildResult, MarketRebuildIndexPayload } from '@valuation/contracts';
import { parseMonth } from '@valuation/domain';
import type { SqlRunner } from '../geo/region.resolver';

export interface PriceIndexScope {
  scope: 'community' | 'district' | 'city';
  /** Expression of the scope code over market_case mc (and community c for the community scope). */
  code: string;
  join: string;
  /** Index rows of this scope that belong to city $1. */
  ofCity: string;
  /** Cases of the index row p. */
  matches: string;
}

const SCOPES: readonly PriceIndexScope[] = [
  {
    scope: 'community',
    code: 'c.ha_code',
    join: 'JOIN community c ON c.id = mc.community_id',
    ofCity: 'p.scope_code IN (SELECT ha_code FROM community WHERE city_code = $1)',
    matches: 'mc.community_id = (SELECT id FROM community WHERE ha_code = p.scope_code)',
  },
  {
    scope: 'district',
    code: 'mc.dist_code',
    join: '',
    ofCity: 'p.scope_code IN (SELECT code FROM region WHERE parent_code = $1)',
    matches: 'mc.dist_code = p.scope_code',
  },
  { scope: 'city', code: 'mc.city_code', join: '', ofCity: 'p.scope_code = $1', matches: 'mc.city_code = p.scope_code' },
];

/**
 * Rebuilds the monthly price index of every community, district and city from the cases: per
 * trade type, property type and month, the average and median unit price and the number of cases.
 * One set-based statement per scope upserts the rows; rows whose cases are all gone are removed.
 * Limited to one city and to the months from `since` when given. Runs in the caller's
 * transaction; concurrent rebuilds wait for each other.
 */
export async function rebuildPriceIndex(sql: SqlRunner, options: MarketRebuildIndexPayload = {}): Promise<MarketIndexRebuildResult> {
  const cityCode = options.cityCode ?? null;
  const since = options.since ? parseMonth(options.since, 'since') : null;
  await sql.query(`SELECT pg_advisory_xact_lock(hashtext('market-price-index'))`);
  const result: MarketIndexRebuildResult = { cityCode, since, community: 0, district: 0, city: 0, removed: 0 };
  for (const s of SCOPES) {
    const removed: Array<{ n: string }> = await sql.query(
      `WITH gone AS (
         DELETE FROM price_index p
          WHERE p.scope = '${s.scope}'
            AND ($1::varchar IS NULL OR ${s.ofCity})
            AND ($2::date IS NULL OR p.month >= $2::date)
            AND NOT EXISTS (
              SELECT 1 FROM market_case mc
               WHERE ${s.matches} AND mc.trade_type = p.trade_type AND mc.prop_type = p.prop_type
                 AND mc.case_date >= p.month AND mc.case_date < (p.month + interval '1 month'))
         RETURNING 1)
       SELECT count(*) AS n FROM gone`,
      [cityCode, since],
    );
    result.removed += Number(removed[0].n);
    const written: Array<{ n: string }> = await sql.query(
      `WITH written AS (
         INSERT INTO price_index (scope, scope_code, trade_type, prop_type, month, avg_unit_price, median_unit_price, case_count)
         SELECT '${s.scope}', ${s.code}, mc.trade_type, mc.prop_type, date_trunc('month', mc.case_date)::date,
                round(avg(mc.unit_price), 2),
                round((percentile_cont(0.5) WITHIN GROUP (ORDER BY mc.unit_price))::numeric, 2),
                count(*)
           FROM market_case mc ${s.join}
          WHERE ${s.code} IS NOT NULL
            AND ($1::varchar IS NULL OR mc.city_code = $1)
            AND ($2::date IS NULL OR mc.case_date >= $2::date)
          GROUP BY ${s.code}, mc.trade_type, mc.prop_type, date_trunc('month', mc.case_date)
         ON CONFLICT (scope, scope_code, trade_type, prop_type, month) DO UPDATE
            SET avg_unit_price = EXCLUDED.avg_unit_price,
                median_unit_price = EXCLUDED.median_unit_price,
                case_count = EXCLUDED.case_count
         RETURNING 1)
       SELECT count(*) AS n FROM written`,
      [cityCode, since],
    );
    result[s.scope] = Number(written[0].n);
  }
  return result;
}

/** The price index rebuild for the worker and the API. */
@Injectable()
export class PriceIndexService {
  private readonly logger = new Logger(PriceIndexService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async rebuild(options: MarketRebuildIndexPayload = {}): Promise<MarketIndexRebuildResult> {
    const started = Date.now();
    const result = await this.dataSource.transaction((manager) => rebuildPriceIndex(manager, options));
    const standard = await refreshStandardPrices(this.dataSource, options.cityCode);
    this.logger.log(`standard unit prices of ${standard.updated} communities refreshed in ${standard.ms} ms`);
    this.logger.log(
      `price index rebuilt for ${result.cityCode ?? 'every city'} from ${result.since ?? 'the first month'}: ` +
        `${result.community} community, ${result.district} district, ${result.city} city rows, ${result.removed} removed, ${Date.now() - started} ms`,
    );
    return result;
  }
}
