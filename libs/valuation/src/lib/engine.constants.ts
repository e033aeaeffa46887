import { dictCode } from '@valuation/domain';
import type { ConfidenceClass, MethodKind, MethodName, MethodNumber, PropertyFeatures, TradeType } from './valuation.types';

export const ENGINE_VERSION = 'avm-1.3.0';

export const ALL_METHODS: readonly MethodNumber[] = [1, 2, 3, 4];

const METHOD_NAMES: Readonly<Record<MethodKind, readonly [MethodName, MethodName]>> = {
  comparison: ['forsale', 'lease'],
  regression: ['mraSale', 'mraLease'],
  standardPrice: ['msaSale', 'msaLease'],
  regionalAverage: ['averageSale', 'averageLease'],
  fused: ['fvSale', 'fvLease'],
};

export const METHOD_NUMBERS: Readonly<Record<MethodKind, 1 | 2 | 3 | 4 | 5>> = {
  comparison: 1,
  regression: 2,
  standardPrice: 3,
  regionalAverage: 4,
  fused: 5,
};

export function methodName(kind: MethodKind, tradeType: TradeType): MethodName {
  return METHOD_NAMES[kind][tradeType === 1 ? 0 : 1];
}

/** Case counts in the subject's community for each class; C also holds with nearby cases only. */
export const CLASS_THRESHOLDS: Readonly<Record<ConfidenceClass, number>> = { A: 10, B: 3, C: 1 };
/**
 * The widest measured range (FSD, see value-range.ts) a class allows: an answer whose method and
 * market depth measured a wider one is given the class its precision earns, whatever its cases.
 */
export const CLASS_FSD_CEILINGS: Readonly<Record<'A' | 'B', number>> = { A: 0.1, B: 0.15 };
/** Nearby cases needed for class C when the subject's community has none. */
export const MIN_NEARBY_CASES = 3;
export const CLASS_RANK: Readonly<Record<ConfidenceClass, number>> = { A: 3, B: 2, C: 1 };

/**
 * The typical unit whose price is a community's standard unit price: 90 m², 2 rooms 1 hall 1 bath,
 * facing south, 精装; its other features are the community's typical ones.
 */
export const STANDARD_UNIT: Readonly<PropertyFeatures> = {
  area: 90,
  rooms: 2,
  halls: 1,
  baths: 1,
  face: dictCode('face', '南'),
  decoration: dictCode('intDeco', '精装'),
};

/** Residential limits of the form: rooms up to 20, halls and baths up to 10; beyond them a value is treated as unknown. */
export const RESIDENTIAL_LIMITS = { rooms: 20, halls: 10, baths: 10 } as const;

/** Cases whose time factor would exceed these bounds are not time-adjusted beyond them. */
export const TIME_FACTOR_BOUNDS = [0.5, 2] as const;
/** Index months are looked up at most this many months before the wanted month. */
export const INDEX_LOOKBACK_MONTHS = 3;

/**
 * Kriging (Gaussian-process) model of the hedonic residuals of log unit price:
 * cov(i, j) = sameCommunity · (community² + local² · e^(−d)) + nearby² · e^(−dx) + noise² · [i = j].
 * d compares units within a community, dx compares units across communities. Standard deviations
 * and scales were chosen on the leave-one-out benchmark of the Beijing 2021 listings.
 */
export const KRIGING = {
  community: 0.1,
  local: 0.07,
  nearby: 0.08,
  noise: 0.055,
  /** Leave-one-out z-score beyond which a comparable's nugget grows (0 turns this off). */
  outlierZ: 2,
  /**
   * Share of the estimate given to the similarity-weighted trimmed mean residual of the community's
   * comparables (robust to mispriced cases), when the community has at least medianMinCases; the
   * trimmed mean cuts medianTrim of the similarity weight at each end.
   */
  medianShare: 0.3,
  medianMinCases: 3,
  medianTrim: 0.25,
  /** Extra noise variance share per year of case age. */
  noisePerYear: 0.5,
  /** Comparables weighed individually: the most similar of the subject's community, then of nearby ones. */
  maxCommunityCases: 30,
  maxNearbyCases: 20,
  /** Nearby comparables when the subject's community has no cases. */
  maxNearbyCasesWithoutCommunity: 50,
  /** Scales of d (within a community). */
  within: {
    logArea: 3,
    totalFloors: 0.5,
    buildYearPer5: 0.5,
    buildingType: 0.3,
    layout: 0.3,
    face: 0.1,
    decoration: 0.1,
    floorPer10: 0.3,
    monthsPer12: 0.5,
  },
  /** Scales of dx (across communities). */
  across: {
    logArea: 1,
    logTotalFloors: 1,
    buildYearPer5: 0.5,
    buildingType: 0.5,
    kmDistance: 1,
    monthsPer12: 0.5,
  },
} as const;

/**
 * Community-level trend of the hedonic residuals across a market's communities: how a community's
 * level (its mean residual) goes with its build decade, height, unit size and building type. It
 * is the level a community with fewer than `belowCases` cases is expected at, before its own and
 * nearby cases move it (a community with more cases is located well enough by them, and keeps the
 * market baseline as its prior level). Each community's mean counts with weight n / (n + shrink);
 * ridge is the pseudo-weight (relative to the features' spread) pulling the slopes to zero; a
 * market with fewer than minGroups communities has no trend.
 */
export const TREND = { belowCases: CLASS_THRESHOLDS.B, shrink: 3, ridge: 10, minGroups: 8 } as const;

/**
 * Cases a valuation uses at most: the subject's community's first, then the most similar nearby
 * ones. The market loader reads no more than this, so every subject of a loaded market shares one
 * market fit.
 */
export const MAX_MARKET_CASES = 300;

/** Pseudo-observations of the prior coefficients in the market fit, and of the market fit in a community fit. */
export const HEDONIC_PRIOR_WEIGHT = 500;
export const COMMUNITY_PRIOR_WEIGHT = 60;
/** Cases a community needs for its own regression coefficients. */
export const COMMUNITY_MODEL_MIN_CASES = 10;
/** Cases needed for the regression method: in the community and in the whole market. */
export const REGRESSION_MIN_COMMUNITY_CASES = 3;
export const REGRESSION_MIN_MARKET_CASES = 20;

export type FusableKind = 'comparison' | 'regression' | 'standardPrice';

/**
 * Measured errors of the methods per class (leave-one-out on the Beijing 2021 listings, see
 * `npm run bench:accuracy`): robust standard deviation of the log error and the correlation of the
 * errors of two methods. The fused value uses the blend with the least error variance.
 */
export const METHOD_ERROR: Readonly<
  Record<ConfidenceClass, { sd: Readonly<Record<FusableKind, number>>; correlation: Readonly<Record<string, number>> }>
> = {
  A: {
    sd: { comparison: 0.0715, regression: 0.0759, standardPrice: 0.0812 },
    correlation: { 'comparison|regression': 0.94, 'comparison|standardPrice': 0.873, 'regression|standardPrice': 0.936 },
  },
  B: {
    sd: { comparison: 0.0745, regression: 0.0825, standardPrice: 0.084 },
    correlation: { 'comparison|regression': 0.937, 'comparison|standardPrice': 0.881, 'regression|standardPrice': 0.929 },
  },
  // The regression method needs 3 community cases, so it never runs in class C.
  C: {
    sd: { comparison: 0.0937, regression: 0.1, standardPrice: 0.0973 },
    correlation: { 'comparison|regression': 0.9, 'comparison|standardPrice': 0.792, 'regression|standardPrice': 0.9 },
  },
};
