import { dictCode } from '@valuation/domain';
import { HEDONIC_PRIOR_WEIGHT, MAX_MARKET_CASES, TREND } from './engine.constants';
import { solveSpd } from './linear-algebra';
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
import { monthNumber, mostSpecificScope, TimeAdjuster, type IndexScope } from './time-adjustment';
import type { MarketCase, MarketData, PropertyFeatures, SubjectProperty, TradeType, ValuationInput } from './valuation.types';

const TOWER_CODE = dictCode('bldgType', '塔楼');
const SLAB_TOWER_CODE = dictCode('bldgType', '板塔结合');

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
  /** Expected residual of a unit of the case's community: the baseline plus the community-level trend. */
  level: number;
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
  /**
   * Expected residual of a unit of the subject's community (baseline plus community-level trend):
   * of the community's mean features when it has cases, else of the subject's own.
   */
  subjectLevel: number;
  subject: PreparedSubject;
  timeIndex: IndexScope | null;
  /** Encodes other features as a unit of the given community (unknown attributes imputed as for the cases). */
  encode(features: PropertyFeatures, communityCode: string | null): Float64Array;
  /** Keeps a result that depends only on the fitted cases and coefficients (shared by subjects valued on the same fit). */
  fitMemo: Memo;
  /** Keeps a result that depends only on the market data, property type, valuation month and subject community. */
  marketMemo: Memo;
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
  /** Position among the market's accepted cases. */
  index: number;
  source: MarketCase;
  own: boolean;
  month: number | null;
  kernel: KernelFeatures;
}

/** Keeps the subject's community's cases (the most similar if they alone exceed the cap), then the most similar nearby cases. */
function closest(ownCandidates: Candidate[], nearbyCandidates: Candidate[], subject: KernelFeatures): Candidate[] {
  const rank = (list: Candidate[], distance: (k: KernelFeatures) => number, limit: number): Candidate[] => {
    if (list.length <= limit) return list;
    const d = Float64Array.from(list, (c) => distance(c.kernel));
    const order = Array.from(list, (_, i) => i).sort((a, b) => d[a] - d[b] || (list[a].source.id < list[b].source.id ? -1 : 1));
    return order.slice(0, limit).map((i) => list[i]);
  };
  const own = rank(ownCandidates, (k) => withinDistance(subject, k), MAX_MARKET_CASES);
  const nearby = rank(nearbyCandidates, (k) => acrossDistance(subject, k), MAX_MARKET_CASES - own.length);
  return own.concat(nearby);
}

/** Results computed once and kept by key. */
type Memo = <T>(key: string, compute: () => T) => T;

function memoStore(): Memo {
  const store = new Map<string, unknown>();
  return <T>(key: string, compute: () => T): T => {
    if (!store.has(key)) store.set(key, compute());
    return store.get(key) as T;
  };
}

/**
 * What does not depend on the subject's own features: the accepted cases of a loaded market with
 * their encoded features, kernel features and time factors, for one property type, valuation
 * month and subject community.
 */
interface MarketBase {
  cases: readonly MarketCase[];
  caseCount: number;
  communities: MarketData['communities'];
  indices: MarketData['indices'];
  residential: boolean;
  active: Uint8Array;
  valuationYear: number;
  communityBuildYear: Map<string, number>;
  subjectCode: string | null;
  rejected: { id: string; reason: string }[];
  candidates: Candidate[];
  ownCandidates: Candidate[];
  nearbyCandidates: Candidate[];
  /** Encoded features of the candidates (unknown attributes still 0), FEATURE_COUNT per candidate, once a fit uses them. */
  matrix: Float64Array;
  known: Uint8Array;
  encoded: Uint8Array;
  encodeContext: EncodeContext;
  time: TimeAdjuster;
  timeFactor: Float64Array;
  timeScope: (IndexScope | null)[];
  /** Whether the base is kept with the market object (it is from a market's second valuation on). */
  kept: boolean;
  /** Fits by the candidates they use; null marks a selection seen once and not kept. */
  fits: Map<string, MarketFit | null>;
  memo: Memo;
}

/** The market fitted on one set of cases: imputed features, coefficients and residuals. */
interface MarketFit {
  cases: PreparedCase[];
  communityCases: PreparedCase[];
  nearbyCases: PreparedCase[];
  groupCount: number;
  subjectGroup: number;
  beta: Float64Array;
  baseline: number;
  trend: CommunityTrend;
  timeIndex: IndexScope | null;
  imputation: Imputation;
  encode(features: PropertyFeatures, communityCode: string | null): Float64Array;
  memo: Memo;
}

/** Bases kept per market object (one per property type, valuation month and subject community). */
const MAX_BASES = 8;
/** Fits kept per base; subjects of a market with more than MAX_MARKET_CASES cases may select different cases. */
const MAX_FITS = 4;

/** Bases by market object and key; null marks a key valued once, whose base was not kept. */
const bases = new WeakMap<MarketData, Map<string, MarketBase | null>>();

/** Sets a key as the most recently used, evicting the least recently used beyond the limit. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}

/**
 * The base of the valuation's market. A market object valued only once (as when each valuation
 * loads its own) keeps nothing; from its second valuation on, the base is kept with it.
 */
function marketBase(input: ValuationInput, valuationMonth: number): MarketBase {
  const { subject, market } = input;
  const subjectCode = subject.communityCode || null;
  let perMarket = bases.get(market);
  if (!perMarket) {
    perMarket = new Map();
    bases.set(market, perMarket);
  }
  const key = `${subject.propType}|${valuationMonth}|${subjectCode ?? ''}`;
  const hit = perMarket.get(key);
  if (
    hit &&
    hit.cases === market.cases &&
    hit.caseCount === market.cases.length &&
    hit.communities === market.communities &&
    hit.indices === market.indices
  ) {
    remember(perMarket, key, hit, MAX_BASES);
    return hit;
  }
  const keep = hit !== undefined;
  const base = buildBase(market, subject.propType, subjectCode, valuationMonth, keep);
  remember(perMarket, key, keep ? base : null, MAX_BASES);
  return base;
}

/** The fit of the selected candidates; kept for all the candidates at once, else from a selection's second use. */
function marketFit(base: MarketBase, selected: Candidate[]): MarketFit {
  if (!base.kept) return fitMarket(base, selected);
  const key = selected === base.candidates ? '' : selected.map((c) => c.index).join(',');
  const hit = base.fits.get(key);
  if (hit) {
    remember(base.fits, key, hit, MAX_FITS);
    return hit;
  }
  const fit = fitMarket(base, selected);
  remember(base.fits, key, hit === null || key === '' ? fit : null, MAX_FITS);
  return fit;
}

function buildBase(market: MarketData, propType: number, subjectCode: string | null, valuationMonth: number, kept: boolean): MarketBase {
  const residential = isResidentialType(propType);
  const active = activeFeatures(residential);
  const valuationYear = Math.floor(valuationMonth / 12);
  const communityBuildYear = new Map<string, number>();
  for (const c of market.communities ?? []) {
    if (num(c.buildYear) && c.buildYear > 1800) communityBuildYear.set(c.code, c.buildYear);
  }
  const time = new TimeAdjuster(market.indices, valuationMonth);

  const rejected: { id: string; reason: string }[] = [];
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
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
    candidates.push({ index: candidates.length, source: c, own, month, kernel: kernelFeatures(c, residential, month, km) });
  }

  const n = candidates.length;
  return {
    cases: market.cases,
    caseCount: market.cases.length,
    communities: market.communities,
    indices: market.indices,
    residential,
    active,
    valuationYear,
    communityBuildYear,
    subjectCode,
    rejected,
    candidates,
    ownCandidates: candidates.filter((c) => c.own),
    nearbyCandidates: candidates.filter((c) => !c.own),
    matrix: new Float64Array(n * FEATURE_COUNT),
    known: new Uint8Array(n * ATTRIBUTE_COUNT),
    encoded: new Uint8Array(n),
    encodeContext: { residential, valuationYear, communityBuildYear: null },
    time,
    timeFactor: new Float64Array(n),
    timeScope: new Array(n),
    kept,
    fits: new Map(),
    memo: memoStore(),
  };
}

/** Encodes a candidate's features and looks up its time factor, the first time a fit uses it. */
function encodeCandidate(base: MarketBase, c: Candidate): void {
  const i = c.index;
  if (base.encoded[i]) return;
  base.encoded[i] = 1;
  base.encodeContext.communityBuildYear = base.communityBuildYear.get(c.source.communityCode);
  encodeInto(c.source, base.encodeContext, base.matrix, i * FEATURE_COUNT, base.known, i * ATTRIBUTE_COUNT);
  const t = base.time.lookup(c.month);
  base.timeFactor[i] = t.factor;
  base.timeScope[i] = t.scope;
}

function fitMarket(base: MarketBase, candidates: Candidate[]): MarketFit {
  const { residential, valuationYear, communityBuildYear, subjectCode } = base;
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
  const subjectGroup = subjectCode !== null ? (groupOf.get(subjectCode) ?? -1) : -1;

  const p = FEATURE_COUNT;
  const q = ATTRIBUTE_COUNT;
  const matrix = new Float64Array(n * p);
  const known = new Uint8Array(n * q);
  candidates.forEach((c, i) => {
    encodeCandidate(base, c);
    matrix.set(base.matrix.subarray(c.index * p, (c.index + 1) * p), i * p);
    known.set(base.known.subarray(c.index * q, (c.index + 1) * q), i * q);
  });
  const imputation = imputer(matrix, known, groups, groupCount);
  for (let i = 0; i < n; i++) imputation.fill(matrix, i * p, known, i * q, groups[i]);

  const scopes = new Set<IndexScope | null>();
  const cases: PreparedCase[] = candidates.map((c, i) => {
    const factor = base.timeFactor[c.index];
    scopes.add(base.timeScope[c.index]);
    return {
      source: c.source,
      sameCommunity: groups[i] === subjectGroup,
      group: groups[i],
      timeFactor: factor,
      y: Math.log((c.source.totalPrice / c.source.area) * factor),
      x: matrix.subarray(i * p, (i + 1) * p),
      kernel: c.kernel,
      residual: 0,
      level: 0,
    };
  });

  const y = Float64Array.from(cases, (c) => c.y);
  const beta = fitHedonic({
    rows: cases.map((c) => c.x),
    y,
    groups,
    groupCount,
    active: base.active,
    prior: PRIOR_COEFFICIENTS,
    priorWeight: HEDONIC_PRIOR_WEIGHT,
  });
  const residuals = new Float64Array(cases.length);
  cases.forEach((c, i) => {
    c.residual = c.y - dot(c.x, beta);
    residuals[i] = c.residual;
  });

  const baseline = huberMean(residuals).mean;
  const trend = communityTrend(cases, groupCount, baseline);
  for (const c of cases) c.level = trend.groupLevel[c.group];

  return {
    cases,
    communityCases: cases.filter((c) => c.sameCommunity),
    nearbyCases: cases.filter((c) => !c.sameCommunity),
    groupCount,
    subjectGroup,
    beta,
    baseline,
    trend,
    timeIndex: mostSpecificScope(scopes),
    imputation,
    encode(features, communityCode) {
      const code = communityCode ?? '';
      const enc = encodeFeatures(features, { residential, valuationYear, communityBuildYear: communityBuildYear.get(code) });
      return imputation.filled(enc, groupOf.get(code) ?? -1);
    },
    memo: memoStore(),
  };
}

/**
 * Loads the market for a valuation: rejects unusable cases, adjusts case prices to the valuation
 * month, encodes features (unknown attributes take the community's, else the market's, mean),
 * fits the market coefficients and computes each case's hedonic residual. What does not depend on
 * the subject's own features is kept with the market object (which callers must not mutate) and
 * reused by later valuations on it.
 */
export function prepareMarket(input: ValuationInput, valuationMonth: number): Market {
  const { subject, tradeType } = input;
  const base = marketBase(input, valuationMonth);
  const { residential, valuationYear, subjectCode } = base;
  const subjectKernel = kernelFeatures(subject, residential, valuationMonth, 0);
  const selected =
    base.candidates.length > MAX_MARKET_CASES ? closest(base.ownCandidates, base.nearbyCandidates, subjectKernel) : base.candidates;
  const fit = marketFit(base, selected);

  const subjectEnc = encodeFeatures(subject, {
    residential,
    valuationYear,
    communityBuildYear: subjectCode !== null ? base.communityBuildYear.get(subjectCode) : null,
  });
  const subjectPrepared: PreparedSubject = {
    features: subject,
    x: fit.imputation.filled(subjectEnc, fit.subjectGroup),
    kernel: subjectKernel,
  };

  return {
    tradeType,
    propType: subject.propType,
    residential,
    valuationMonth,
    active: base.active,
    cases: fit.cases,
    communityCases: fit.communityCases,
    nearbyCases: fit.nearbyCases,
    rejected: base.rejected.map((r) => ({ ...r })),
    groupCount: fit.groupCount,
    beta: fit.beta,
    baseline: fit.baseline,
    subjectLevel: fit.subjectGroup >= 0 ? fit.trend.groupLevel[fit.subjectGroup] : fit.trend.levelOf(subjectKernel),
    subject: subjectPrepared,
    timeIndex: fit.timeIndex,
    encode: fit.encode,
    fitMemo: fit.memo,
    marketMemo: base.memo,
  };
}

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k] * b[k];
  return s;
}

type Imputation = ReturnType<typeof imputer>;

/** Fills unknown attributes with the mean of the known values in the unit's group, else in the market, else 0. */
function imputer(matrix: Float64Array, known: Uint8Array, groups: Int32Array, groupCount: number) {
  const p = FEATURE_COUNT;
  const q = ATTRIBUTE_COUNT;
  const attribute = FEATURE_ATTRIBUTE;
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
      if (known[i * q + attribute[k]]) {
        const v = matrix[i * p + k];
        gSum[g * p + k] += v;
        mSum[k] += v;
      }
    }
  }
  const fill = (x: Float64Array, xo: number, flags: Uint8Array, ko: number, group: number): void => {
    for (let k = 0; k < p; k++) {
      const a = attribute[k];
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

/** Community-level features of the trend: build decade (and its square), log height, log unit size, tower and slab-tower shares. */
const TREND_FEATURES = 6;

/** Writes a unit's trend features to out from o and which are known to known from ko (both zero-filled). */
function trendFeatures(k: KernelFeatures, out: Float64Array, o: number, known: Uint8Array, ko: number): void {
  if (k.buildYear !== null) {
    const dec = (k.buildYear - 2000) / 10;
    out[o] = dec;
    out[o + 1] = dec * dec;
    known[ko] = 1;
    known[ko + 1] = 1;
  }
  if (k.totalFloors !== null) {
    out[o + 2] = Math.log(k.totalFloors);
    known[ko + 2] = 1;
  }
  out[o + 3] = k.logArea - Math.log(90);
  known[ko + 3] = 1;
  if (k.buildingType !== null) {
    out[o + 4] = k.buildingType === TOWER_CODE ? 1 : 0;
    out[o + 5] = k.buildingType === SLAB_TOWER_CODE ? 1 : 0;
    known[ko + 4] = 1;
    known[ko + 5] = 1;
  }
}

export interface CommunityTrend {
  /** Expected residual of a unit of each group. */
  groupLevel: Float64Array;
  /** Expected residual of a unit of a community without cases, from the unit's own features. */
  levelOf(k: KernelFeatures): number;
}

/**
 * How community levels (mean hedonic residuals) vary with community-level features across the
 * market's communities: a ridge regression of the groups' mean residuals on their mean features,
 * each group weighed by the reliability of its mean; a group's level is its fitted value.
 */
function communityTrend(cases: PreparedCase[], groupCount: number, baseline: number): CommunityTrend {
  const t = TREND_FEATURES;
  const sum = new Float64Array(groupCount * t);
  const cnt = new Float64Array(groupCount * t);
  const rsum = new Float64Array(groupCount);
  const n = new Float64Array(groupCount);
  const z = new Float64Array(t);
  const kz = new Uint8Array(t);
  for (const c of cases) {
    z.fill(0);
    kz.fill(0);
    trendFeatures(c.kernel, z, 0, kz, 0);
    for (let j = 0; j < t; j++) {
      if (kz[j]) {
        sum[c.group * t + j] += z[j];
        cnt[c.group * t + j]++;
      }
    }
    rsum[c.group] += c.residual;
    n[c.group]++;
  }
  const flat = (): CommunityTrend => ({ groupLevel: new Float64Array(groupCount).fill(baseline), levelOf: () => baseline });
  if (groupCount < TREND.minGroups) return flat();
  // Market means of the features (over groups), to fill a group's unknown feature.
  const mean = new Float64Array(t);
  const mcount = new Float64Array(t);
  for (let g = 0; g < groupCount; g++) {
    for (let j = 0; j < t; j++) {
      if (cnt[g * t + j] > 0) {
        mean[j] += sum[g * t + j] / cnt[g * t + j];
        mcount[j]++;
      }
    }
  }
  for (let j = 0; j < t; j++) mean[j] = mcount[j] > 0 ? mean[j] / mcount[j] : 0;
  const zg = new Float64Array(groupCount * t);
  for (let g = 0; g < groupCount; g++) {
    for (let j = 0; j < t; j++) zg[g * t + j] = (cnt[g * t + j] > 0 ? sum[g * t + j] / cnt[g * t + j] : mean[j]) - mean[j];
  }
  // Weighted ridge regression with intercept (not penalised); a group's mean weighs n / (n + shrink).
  const q = t + 1;
  const a = new Float64Array(q * q);
  const rhs = new Float64Array(q);
  const row = new Float64Array(q);
  let wsum = 0;
  for (let g = 0; g < groupCount; g++) {
    const w = n[g] / (n[g] + TREND.shrink);
    wsum += w;
    row[0] = 1;
    for (let j = 0; j < t; j++) row[j + 1] = zg[g * t + j];
    const yg = rsum[g] / n[g] - baseline;
    for (let i = 0; i < q; i++) {
      rhs[i] += w * row[i] * yg;
      for (let j = 0; j < q; j++) a[i * q + j] += w * row[i] * row[j];
    }
  }
  for (let j = 1; j < q; j++) a[j * q + j] += TREND.ridge * (a[j * q + j] / Math.max(wsum, 1e-9) + 1e-3) + 1e-9;
  a[0] += 1e-9;
  const gamma = solveSpd(a, q, rhs);
  if (!gamma) return flat();
  const level = (zc: Float64Array, o: number): number => {
    let v = baseline + gamma[0];
    for (let j = 0; j < t; j++) v += gamma[j + 1] * zc[o + j];
    return v;
  };
  const groupLevel = new Float64Array(groupCount);
  for (let g = 0; g < groupCount; g++) groupLevel[g] = level(zg, g * t);
  return {
    groupLevel,
    levelOf(k) {
      const zs = new Float64Array(t);
      const ks = new Uint8Array(t);
      trendFeatures(k, zs, 0, ks, 0);
      for (let j = 0; j < t; j++) zs[j] = ks[j] ? zs[j] - mean[j] : 0;
      return level(zs, 0);
    },
  };
}
