import { ALL_METHODS, ENGINE_VERSION, METHOD_NUMBERS, methodName } from './engine.constants';
import { rangeCell, valueRange } from './value-range';
import { featureBetas } from './betas';
import type { MethodEstimate } from './case-adjustment';
import { comparisonEstimate, selectComparables } from './comparison.method';
import { classWithinRange, confidenceClass, meetsClass } from './confidence';
import { FEATURES } from './feature.encoder';
import { fuse, type FusableKind } from './fusion.method';
import { prepareMarket, type Market, type PreparedCase } from './market';
import { isNumber, round } from './numbers';
import { regionalAverageUnitPrice } from './regional-average.method';
import { regressionEstimate } from './regression.method';
import { covariance } from './similarity.kernel';
import { standardPriceEstimate } from './standard-price.method';
import { monthLabel, monthNumber } from './time-adjustment';
import { trendAt } from './trend';
import type {
  ConfidenceClass,
  MethodKind,
  MethodNumber,
  MethodProvenance,
  MethodResult,
  NoValueReason,
  PriceTrend,
  SampleCase,
  SampleStatistics,
  TradeType,
  ValuationInput,
  ValuationResult,
  ValuationState,
} from './valuation.types';

/** Sample cases shown with a valuation. */
export const SAMPLE_CASE_LIMIT = 5;

/**
 * Values one property from the market data the caller loaded. Pure and deterministic: the same
 * input gives the same result, which carries what is needed to explain and reproduce it.
 */
export function valuate(input: ValuationInput): ValuationResult {
  const month = monthNumber(input.valuationDate);
  const { subject, tradeType } = input;
  if (
    month === null ||
    (tradeType !== 1 && tradeType !== 2) ||
    !isNumber(subject.area) ||
    subject.area <= 0 ||
    !isNumber(subject.propType)
  ) {
    return emptyResult(input, month, 'invalid-subject');
  }
  const flags = new Set(input.evalFlags ?? ALL_METHODS);
  const minimum: ConfidenceClass = input.evalClass ?? 'C';
  const market = prepareMarket(input, month);
  const confidence = confidenceClass(market.communityCases.length, market.nearbyCases.length);
  const comparables = selectComparables(market);
  const priced = (kind: MethodKind, estimate: Estimate, state: ValuationState, cls: ConfidenceClass | null): MethodResult =>
    methodResult(kind, estimate, state, cls, subject.area, tradeType);

  const methods: MethodResult[] = [];
  let lowered = false;
  if (confidence !== null && meetsClass(confidence, minimum)) {
    const valued: { kind: FusableKind; estimate: MethodEstimate }[] = [];
    const run = (kind: FusableKind, flag: MethodNumber, estimate: () => MethodEstimate | null): void => {
      if (!flags.has(flag)) return;
      const e = estimate();
      if (e && Number.isFinite(e.logUnitPrice)) valued.push({ kind, estimate: e });
    };
    run('comparison', 1, () => comparisonEstimate(market, comparables));
    run('regression', 2, () => regressionEstimate(market));
    run('standardPrice', 3, () => {
      const code = subject.communityCode;
      const info = code ? input.market.communities?.find((c) => c.code === code) : undefined;
      return standardPriceEstimate(market, info?.standardUnitPrice);
    });
    const fused = fuse(
      valued.map((v) => ({ kind: v.kind, logUnitPrice: v.estimate.logUnitPrice })),
      confidence,
    );
    // Each answer's class is also the one its measured precision earns; one that falls below the
    // tenant's minimum is not given.
    const value = (kind: MethodKind, estimate: Estimate): void => {
      const cell = rangeCell(methodName(kind, tradeType), market.communityCases.length);
      const cls = classWithinRange(confidence, cell?.q68 ?? null);
      if (meetsClass(cls, minimum)) methods.push(priced(kind, estimate, 1, cls));
      else lowered = true;
    };
    if (fused) value('fused', fused);
    for (const v of valued) value(v.kind, v.estimate);
  }
  const average = flags.has(4) ? regionalAverageUnitPrice(input.market.regionalAverage) : null;
  if (average) {
    const details = { scope: average.scope, month: input.market.regionalAverage?.month ?? null };
    methods.push(
      priced('regionalAverage', { logUnitPrice: Math.log(average.unitPrice), provenance: { cases: [], baseline: null, details } }, 2, null),
    );
  }

  const answer = methods[0] ?? null;
  const reason: NoValueReason | null =
    answer?.state === 1
      ? null
      : confidence === null
        ? 'no-cases'
        : !meetsClass(confidence, minimum) || lowered
          ? 'below-min-class'
          : 'no-applicable-method';
  const risk = isNumber(input.riskCoefficient) && input.riskCoefficient >= 0 && input.riskCoefficient <= 1 ? input.riskCoefficient : null;
  const digits = priceDigits(tradeType);
  return {
    engineVersion: ENGINE_VERSION,
    method: answer?.method ?? null,
    state: answer?.state ?? null,
    totalPrice: answer?.totalPrice ?? null,
    unitPrice: answer?.unitPrice ?? null,
    confidenceClass: answer?.confidenceClass ?? null,
    riskTotalPrice: answer && risk !== null ? round(answer.totalPrice * risk, digits) : null,
    riskUnitPrice: answer && risk !== null ? round(answer.unitPrice * risk, digits) : null,
    reason,
    sample: sampleStatistics(comparables, tradeType),
    samples: sampleCases(market, comparables),
    betas: market.fitMemo('betas', () => featureBetas(market)).map((b) => ({ ...b })),
    trend: copyTrend(market.marketMemo('trend', () => trendAt(input.market.indices, month))),
    methods,
    range: answer ? valueRange(answer.totalPrice, answer.method, market.communityCases.length, digits) : null,
    provenance: {
      engineVersion: ENGINE_VERSION,
      valuationMonth: monthLabel(month),
      tradeType,
      propType: subject.propType,
      marketCaseCount: market.cases.length,
      communityCaseCount: market.communityCases.length,
      nearbyCaseCount: market.nearbyCases.length,
      rejectedCases: market.rejected,
      coefficients: coefficients(market),
      timeIndex: market.timeIndex,
    },
  };
}

type Estimate = { logUnitPrice: number; provenance: MethodProvenance };

function methodResult(
  kind: MethodKind,
  estimate: Estimate,
  state: ValuationState,
  cls: ConfidenceClass | null,
  area: number,
  tradeType: TradeType,
): MethodResult {
  const unit = Math.exp(estimate.logUnitPrice);
  const digits = priceDigits(tradeType);
  return {
    method: methodName(kind, tradeType),
    kind,
    methodNumber: METHOD_NUMBERS[kind],
    state,
    totalPrice: round(unit * area, digits),
    unitPrice: round(unit, digits),
    confidenceClass: cls,
    provenance: estimate.provenance,
  };
}

/** Sale prices in whole yuan (and yuan/m²); rents with 2 decimals. */
const priceDigits = (tradeType: TradeType): number => (tradeType === 1 ? 0 : 2);

/** Re-runs a valuation and tells whether it gives the recorded answer (same engine version, method and prices). */
export function reproduces(
  input: ValuationInput,
  recorded: Pick<ValuationResult, 'engineVersion' | 'method' | 'totalPrice' | 'unitPrice'>,
): boolean {
  const again = valuate(input);
  return (
    again.engineVersion === recorded.engineVersion &&
    again.method === recorded.method &&
    again.totalPrice === recorded.totalPrice &&
    again.unitPrice === recorded.unitPrice
  );
}

function sampleStatistics(cases: PreparedCase[], tradeType: TradeType): SampleStatistics {
  if (cases.length === 0) return { count: 0, min: null, max: null, avg: null };
  const prices = cases.map((c) => c.source.unitPrice);
  const digits = priceDigits(tradeType);
  return {
    count: prices.length,
    min: round(Math.min(...prices), digits),
    max: round(Math.max(...prices), digits),
    avg: round(prices.reduce((a, b) => a + b, 0) / prices.length, digits),
  };
}

/** The comparables most alike the subject, in the spec's sample shape. */
function sampleCases(market: Market, comparables: PreparedCase[]): SampleCase[] {
  const s = market.subject.kernel;
  return comparables
    .map((c) => ({ c, k: covariance(s, c.kernel, c.sameCommunity) }))
    .sort((a, b) => b.k - a.k || (a.c.source.id < b.c.source.id ? -1 : 1))
    .slice(0, SAMPLE_CASE_LIMIT)
    .map(({ c }) => ({
      id: c.source.id,
      haName: c.source.communityName ?? '',
      areaSize: c.source.area,
      floor: c.source.floor ?? null,
      bheight: c.source.totalFloors ?? null,
      br: c.source.rooms ?? null,
      lr: c.source.halls ?? null,
      ba: c.source.baths ?? null,
      offerTime: c.kernel.month !== null ? monthLabel(c.kernel.month) : null,
      totalPrice: c.source.totalPrice,
      unitPrice: c.source.unitPrice,
    }));
}

function copyTrend(trend: PriceTrend | null): PriceTrend | null {
  return trend && { ...trend, series: trend.series.map((p) => ({ ...p })) };
}

function coefficients(market: Market): Record<string, number> {
  const out: Record<string, number> = {};
  FEATURES.forEach((f, k) => {
    if (market.active[k]) out[f.name] = round(market.beta[k], 5);
  });
  return out;
}

function emptyResult(input: ValuationInput, month: number | null, reason: NoValueReason): ValuationResult {
  return {
    engineVersion: ENGINE_VERSION,
    method: null,
    state: null,
    totalPrice: null,
    unitPrice: null,
    confidenceClass: null,
    riskTotalPrice: null,
    riskUnitPrice: null,
    reason,
    sample: { count: 0, min: null, max: null, avg: null },
    samples: [],
    betas: [],
    trend: null,
    methods: [],
    range: null,
    provenance: {
      engineVersion: ENGINE_VERSION,
      valuationMonth: month !== null ? monthLabel(month) : '',
      tradeType: input.tradeType,
      propType: input.subject.propType,
      marketCaseCount: 0,
      communityCaseCount: 0,
      nearbyCaseCount: 0,
      rejectedCases: [],
      coefficients: {},
      timeIndex: null,
    },
  };
}
