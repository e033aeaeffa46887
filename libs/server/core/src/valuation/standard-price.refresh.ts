import type { DataSource } from 'typeorm';
import { businessDate, businessNow, monthKey, shiftMonth } from '@valuation/domain';
import { estimateStandardUnitPrice } from '@valuation/valuation';
import { MarketLoader, MARKET_WINDOW_MONTHS, type SubjectCommunity } from './market-loader.service';

export interface StandardPriceRefresh {
  communities: number;
  updated: number;
  ms: number;
}

/**
 * Estimates each community's standard unit price (the price of its typical residential unit)
 * from its recent sale cases, for the standard price adjustment method. Communities without
 * enough cases keep no standard price.
 */
export async function refreshStandardPrices(ds: DataSource, cityCode?: string, on = businessNow()): Promise<StandardPriceRefresh> {
  const started = Date.now();
  const loader = new MarketLoader(ds);
  const since = `${shiftMonth(monthKey(on), -MARKET_WINDOW_MONTHS)}-01`;
  const communities: SubjectCommunity[] = await ds.query(
    `SELECT c.id, c.ha_code AS "haCode", c.name, c.city_code AS "cityCode", c.dist_code AS "distCode", c.area_name AS "areaName",
            c.address, c.lat, c.lon, c.build_year AS "buildYear"
       FROM community c
      WHERE ($1::varchar IS NULL OR c.city_code = $1)
        AND EXISTS (SELECT 1 FROM market_case m WHERE m.community_id = c.id AND m.trade_type = 1 AND m.prop_type = 11 AND m.case_date >= $2)`,
    [cityCode ?? null, since],
  );
  const valuationDate = businessDate(on);
  const prices: { id: number; price: number | null }[] = [];
  for (const community of communities) {
    const market = await loader.load(community, 1, 11, on);
    const price = estimateStandardUnitPrice({ communityCode: community.haCode, propType: 11, tradeType: 1, valuationDate, market });
    prices.push({ id: community.id, price: price === null ? null : Math.round(price * 100) / 100 });
  }
  let updated = 0;
  for (let i = 0; i < prices.length; i += 500) {
    const chunk = prices.slice(i, i + 500);
    const result: [unknown, number] = await ds.query(
      `UPDATE community c SET standard_unit_price = v.price
         FROM unnest($1::int[], $2::numeric[]) AS v(id, price) WHERE c.id = v.id`,
      [chunk.map((p) => p.id), chunk.map((p) => p.price)],
    );
    updated += result[1];
  }
  return { communities: communities.length, updated, ms: Date.now() - started };
}
