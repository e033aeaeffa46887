import { HEDONIC_PRIOR_WEIGHT, MAX_MARKET_CASES } from './engine.constants';
import { acrossDistance, withinDistance } from './similarity.kernel';
import {
  activeFeatures,
  ATTRIBUTE_COUNT,
  encodeFeatures,
  encodeInto,
  FEATURE_ATTRIBUTE,
  FEATURE_COUNT,
  isResidentialType,
  PRIOR_COEFFICIENTS,
  type EncodedUnit,
  type EncodeContext,
} from './feature.encoder';
import { fitHedonic } from './hedonic.model';
import { huberMean } from './robust-statistics';
import { isNumber as num } from './numbers';
import { monthNumber, TimeAdjuster, type IndexScope } from './time-adjustment';
import type { MarketCase, PropertyFeatures, SubjectProperty, TradeType, ValuationInput } from './valuation.types';

/** Raw features the similarity kernels compare. */
export interface KernelFeatures {
  logArea: number;
  totalFloors: number | null;
  buildYear: number | null;
  buildingType: string | null;
  layout: number | null;
  face: string | null;
  decoration: string | null;
  floor: number | null;
  month: number | null;
  /** Distance in km from the subject's community. */
  km: number | null;
}

export interface PreparedCase {
  source: MarketCase;
  sameCommunity: boolean;
  group: number;
  timeFactor: number;
  /** Log of the time-adjusted unit price. */
  y: number;
  /** Imputed feature values. */
  x: Float64Array;
  kernel: KernelFeatures;
  /** Hedonic residual y − x·β of the market fit. */
  residual: number;
}

export interface PreparedSubject {
  features: SubjectProperty;
  x: Float64Array;
  kernel: KernelFeatures;
}

export interface Market {
  tradeType: TradeType;
  propType: number;
  residential: boolean;
  valuationMonth: number;
  active: Uint8Array;
  cases: PreparedCase[];
  communityCases: PreparedCase[];
  nearbyCases: PreparedCase[];
  rejected: { id: string; reason: string }[];
  groupCount: number;
  /** Market coefficients (prior shrunk towards the loaded market). */
  beta: Float64Array;
  /** Robust (Huber) mean of the residuals of all cases: the market level a unit like the subject starts from. */
  baseline: number;
  subject: PreparedSubject;
  timeIndex: IndexScope | null;
  /** Encodes other features as a unit of the given community (unknown attributes imputed as for the cases). */
  encode(features: PropertyFeatures, communityCode: string | null): Float64Array;
}

export function kernelFeatures(f: PropertyFeatures, residential: boolean, month: number | null, km: number | null): KernelFeatures {
  return {
    logArea: Math.log(f.area),
    totalFloors: num(f.totalFloors) && f.totalFloors > 0 ? f.totalFloors : null,
    buildYear: num(f.buildYear) && f.buildYear > 1800 ? f.buildYear : null,
    buildingType: f.buildingType || null,
    layout: residential && num(f.rooms) ? f.rooms * 100 + (num(f.halls) ? f.halls : 99) : null,
    face: f.face || null,
    decoration: f.decoration || null,
    floor: num(f.floor) ? f.floor : null,
    month,
    km,
  };
}

function rejectReason(c: MarketCase, propType: number, month: number | null, valuationMonth: number): string | null {
  if (!num(c.area) || c.area <= 0) return 'area';
  if (!num(c.unitPrice) || c.unitPrice <= 0) return 'unitPrice';
  if (!num(c.totalPrice) || c.totalPrice <= 0) return 'totalPrice';
  if (num(c.propType) && c.propType !== propType) return 'propType';
  if (month !== null && month > valuationMonth) return 'afterValuationDate';
  return null;
}

interface Candidate {
  source: MarketCase;
  own: boolean;
  month: number | null;
  kernel: KernelFeatures;
}

/** Keeps the subject's community's cases (the most similar if they alone exceed the cap), then the most similar nearby cases. */
function closest(candidates: Candidate[], subject: KernelFeatures): Candidate[] {
  const rank = (list: Candidate[], distance: (k: KernelFeatures) => number, limit: number): Candidate[] =>
    list.length <= limit
      ? list
      : list
          .map((c) => ({ c, d: distance(c.kernel) }))
          .sort((a, b) => a.d - b.d || (a.c.source.id < b.c.source.id ? -1 : 1))
          .slice(0, limit)
          .map((e) => e.c);
  const own = rank(
    candidates.filter((c) => c.own),
    (k) => withinDistance(subject, k),
    MAX_MARKET_CASES,
  );
  const nearby = rank(
    candidates.filter((c) => !c.own),
    (k) => acrossDistance(subject, k),
    MAX_MARKET_CASES - own.length,
  );
  return own.concat(nearby);
}

/**
 * Loads the market for a valuation: rejects unusable cases, adjusts case prices to the valuation
 * month, encodes features (unknown attributes take the community's, else the market's, mean),
 * fits the market coefficients and computes each case's hedonic residual.
 */
export function prepareMarket(input: ValuationInput, valuationMonth: number): Market {
  const { subject, market, tradeType } = input;
  const propType = subject.propType;
  const residential = isResidentialType(propType);
  const active = activeFeatures(residential);
  const valuationYear = Math.floor(valuationMonth / 12);
  const communityBuildYear = new Map<string, number>();
  for (const c of market.communities ?? []) {
    if (num(c.buildYear) && c.buildYear > 1800) communityBuildYear.set(c.code, c.buildYear);
  }
  const time = new TimeAdjuster(market.indices, valuationMonth);
  const subjectCode = subject.communityCode || null;

  const subjectKernel = kernelFeatures(subject, residential, valuationMonth, 0);

  const rejected: { id: string; reason: string }[] = [];
  const seen = new Set<string>();
  let candidates: Candidate[] = [];
  for (const c of market.cases) {
    const month = monthNumber(c.month);
    const reason = seen.has(c.id) ? 'duplicate' : rejectReason(c, propType, month, valuationMonth);
    if (reason) {
      rejected.push({ id: c.id, reason });
      continue;
    }
    seen.add(c.id);
    const own = subjectCode !== null && c.communityCode === subjectCode;
    const km = num(c.distance) ? c.distance / 1000 : own ? 0 : null;
    candidates.push({ source: c, own, month, kernel: kernelFeatures(c, residential, month, km) });
  }
  if (candidates.length > MAX_MARKET_CASES) candidates = closest(candidates, subjectKernel);

  const n = candidates.length;
  const groupOf = new Map<string, number>();
  const groups = new Int32Array(n);
  candidates.forEach((c, i) => {
    let group = groupOf.get(c.source.communityCode);
    if (group === undefined) {
      group = groupOf.size;
      groupOf.set(c.source.communityCode, group);
    }
    groups[i] = group;
  });
  const groupCount = groupOf.size;
  const subjectGroup = subjectCode !== null ? groupOf.get(subjectCode) ?? -1 : -1;

  const matrix = new Float64Array(n * FEATURE_COUNT);
  const known = new Uint8Array(n * ATTRIBUTE_COUNT);
  const ctx: EncodeContext = { residential, valuationYear, communityBuildYear: null };
  candidates.forEach((c, i) => {
    ctx.communityBuildYear = communityBuildYear.get(c.source.communityCode);
    encodeInto(c.source, ctx, matrix, i * FEATURE_COUNT, known, i * ATTRIBUTE_COUNT);
  });
  const imputation = imputer(matrix, known, groups, groupCount);
  for (let i = 0; i < n; i++) imputation.fill(matrix, i * FEATURE_COUNT, known, i * ATTRIBUTE_COUNT, groups[i]);

  const cases: PreparedCase[] = candidates.map((c, i) => {
    const factor = time.factor(c.month);
    return {
      source: c.source,
      sameCommunity: groups[i] === subjectGroup,
      group: groups[i],
      timeFactor: factor,
      y: Math.log((c.source.totalPrice / c.source.area) * factor),
      x: matrix.subarray(i * FEATURE_COUNT, (i + 1) * FEATURE_COUNT),
      kernel: c.kernel,
      residual: 0,
    };
  });

  const subjectEnc = encodeFeatures(subject, {
    residential,
    valuationYear,
    communityBuildYear: subjectCode !== null ? communityBuildYear.get(subjectCode) : null,
  });
  const subjectPrepared: PreparedSubject = {
    features: subject,
    x: imputation.filled(subjectEnc, subjectGroup),
    kernel: subjectKernel,
  };

  const y = Float64Array.from(cases, (c) => c.y);
  const beta = fitHedonic({
    rows: cases.map((c) => c.x),
    y,
    groups,
    groupCount,
    active,
    prior: PRIOR_COEFFICIENTS,
    priorWeight: HEDONIC_PRIOR_WEIGHT,
  });
  const residuals = new Float64Array(cases.length);
  cases.forEach((c, i) => {
    c.residual = c.y - dot(c.x, beta);
    residuals[i] = c.residual;
  });

  return {
    tradeType,
    propType,
    residential,
    valuationMonth,
    active,
    cases,
    communityCases: cases.filter((c) => c.sameCommunity),
    nearbyCases: cases.filter((c) => !c.sameCommunity),
    rejected,
    groupCount,
    beta,
    baseline: huberMean(residuals).mean,
    subject: subjectPrepared,
    timeIndex: time.usedScope(),
    encode(features, communityCode) {
      const code = communityCode ?? '';
      const enc = encodeFeatures(features, { residential, valuationYear, communityBuildYear: communityBuildYear.get(code) });
      return imputation.filled(enc, groupOf.get(code) ?? -1);
    },
  };
}

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k] * b[k];
  return s;
}

/** Fills unknown attributes with the mean of the known values in the unit's group, else in the market, else 0. */
function imputer(matrix: Float64Array, known: Uint8Array, groups: Int32Array, groupCount: number) {
  const p = FEATURE_COUNT;
  const q = ATTRIBUTE_COUNT;
  const gSum = new Float64Array(groupCount * p);
  const gCount = new Float64Array(groupCount * q);
  const mSum = new Float64Array(p);
  const mCount = new Float64Array(q);
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    for (let a = 0; a < q; a++) {
      if (known[i * q + a]) {
        gCount[g * q + a]++;
        mCount[a]++;
      }
    }
    for (let k = 0; k < p; k++) {
      if (known[i * q + FEATURE_ATTRIBUTE[k]]) {
        const v = matrix[i * p + k];
        gSum[g * p + k] += v;
        mSum[k] += v;
      }
    }
  }
  const fill = (x: Float64Array, xo: number, flags: Uint8Array, ko: number, group: number): void => {
    for (let k = 0; k < p; k++) {
      const a = FEATURE_ATTRIBUTE[k];
      if (flags[ko + a]) continue;
      const gc = group >= 0 ? gCount[group * q + a] : 0;
      x[xo + k] = gc > 0 ? gSum[group * p + k] / gc : mCount[a] > 0 ? mSum[k] / mCount[a] : 0;
    }
  };
  return {
    fill,
    filled(u: EncodedUnit, group: number): Float64Array {
      const x = Float64Array.from(u.x);
      fill(x, 0, u.known, 0, group);
      return x;
    },
  };
}
