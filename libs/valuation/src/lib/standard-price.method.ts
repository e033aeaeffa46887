import { STANDARD_UNIT } from './engine.constants';
import { huberMean } from './robust-statistics';
import { caseContribution, type MethodEstimate } from './case-adjustment';
import { dot, prepareMarket, type Market } from './market';
import { monthNumber } from './time-adjustment';
import { isNumber, round } from './numbers';
import type { MarketData, PropertyFeatures, TradeType } from './valuation.types';

/** The residence type the standard price method applies to. */
export const STANDARD_PRICE_PROP_TYPE = 11;

const standardUnit = (): PropertyFeatures => ({ ...STANDARD_UNIT });

/**
 * Standard price adjustment method (residential only): the community's standard unit price
 * adjusted from the standard unit to the subject by the market's hedonic coefficients.
 */
export function standardPriceEstimate(market: Market, standardUnitPrice: number | null | undefined): MethodEstimate | null {
  const code = market.subject.features.communityCode;
  if (market.propType !== STANDARD_PRICE_PROP_TYPE || !code || !isNumber(standardUnitPrice) || standardUnitPrice <= 0) return null;
  const xs = market.encode(standardUnit(), code);
  const adjustment = dot(market.subject.x, market.beta) - dot(xs, market.beta);
  return {
    logUnitPrice: Math.log(standardUnitPrice) + adjustment,
    provenance: {
      cases: [],
      baseline: null,
      details: { standardUnitPrice, adjustmentFactor: round(Math.exp(adjustment), 4) },
    },
  };
}

export interface StandardPriceRequest {
  communityCode: string;
  propType: number;
  tradeType: TradeType;
  valuationDate: string;
  /** Cases of the community (others are ignored), with its indices and attributes. */
  market: MarketData;
}

/**
 * Standard unit price of a community (the price of STANDARD_UNIT there) from its cases: each case
 * adjusted to the standard unit, then a robust geometric mean. For the job that keeps community
 * standard prices; null without cases.
 */
export function estimateStandardUnitPrice(request: StandardPriceRequest): number | null {
  const month = monthNumber(request.valuationDate);
  if (month === null) return null;
  const cases = request.market.cases.filter((c) => c.communityCode === request.communityCode);
  if (cases.length === 0) return null;
  const market = prepareMarket(
    {
      subject: { ...standardUnit(), propType: request.propType, communityCode: request.communityCode },
      tradeType: request.tradeType,
      valuationDate: request.valuationDate,
      market: { ...request.market, cases },
    },
    month,
  );
  if (market.communityCases.length === 0) return null;
  const adjusted = Float64Array.from(market.communityCases, (c) => caseContribution(market, c, 0).adjustedUnitPrice);
  const logs = adjusted.map((v) => Math.log(v));
  return round(Math.exp(huberMean(logs).mean), 2);
}
