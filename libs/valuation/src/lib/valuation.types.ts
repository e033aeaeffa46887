import type { ValueRange } from './value-range';
/** 1 sale, 2 lease. */
export type TradeType = 1 | 2;

/** Valuation method numbers of the tenant settings: 1 comparison, 2 multiple regression, 3 standard price adjustment, 4 regional average. */
export type MethodNumber = 1 | 2 | 3 | 4;

/** Confidence class: A at least 10 cases in the same community, B at least 3, C at least 1 (or nearby cases only). */
export type ConfidenceClass = 'A' | 'B' | 'C';

export type MethodName =
  'forsale' | 'lease' | 'mraSale' | 'mraLease' | 'msaSale' | 'msaLease' | 'averageSale' | 'averageLease' | 'fvSale' | 'fvLease';

/** Which engine step produced a value; 'fused' blends comparison, regression and standard price. */
export type MethodKind = 'comparison' | 'regression' | 'standardPrice' | 'regionalAverage' | 'fused';

/** 1 valued, 2 reference price only. */
export type ValuationState = 1 | 2;

/** Features shared by the subject and the cases; every field but the area may be unknown. */
export interface PropertyFeatures {
  /** Floor area in m². */
  area: number;
  /** The unit's own floor; -1 is a basement. */
  floor?: number | null;
  totalFloors?: number | null;
  rooms?: number | null;
  halls?: number | null;
  baths?: number | null;
  /** Orientation code of DICTIONARIES.face. */
  face?: string | null;
  /** Decoration code of DICTIONARIES.intDeco. */
  decoration?: string | null;
  buildYear?: number | null;
  /** Building type code of DICTIONARIES.bldgType. */
  buildingType?: string | null;
}

export interface SubjectProperty extends PropertyFeatures {
  /** 11 residential, 21 office, 22 shop (other codes of PROPERTY_TYPE_LABELS follow the residential rules below 20). */
  propType: number;
  /** haCode of the community; null when the subject was placed by a map point or an address only. */
  communityCode?: string | null;
}

/** A sale or lease listing or deal. Sale prices in yuan and yuan/m²; lease in yuan/month and yuan/m²/month. */
export interface MarketCase extends PropertyFeatures {
  id: string;
  communityCode: string;
  communityName?: string | null;
  /** Distance in metres from the subject's community (or point), when known. */
  distance?: number | null;
  propType?: number | null;
  totalPrice: number;
  unitPrice: number;
  /** Month of the listing or deal, yyyy-MM (a yyyy-MM-dd date is accepted). */
  month?: string | null;
}

export interface CommunityInfo {
  code: string;
  name?: string | null;
  buildYear?: number | null;
  /** Standard unit price of the community's typical unit (see STANDARD_UNIT), when known. */
  standardUnitPrice?: number | null;
}

/** Month (yyyy-MM) to an index value or an average unit price; only ratios between months are used. */
export type MonthlySeries = Readonly<Record<string, number>>;

export interface PriceIndices {
  community?: MonthlySeries | null;
  district?: MonthlySeries | null;
  city?: MonthlySeries | null;
}

/** Previous-month average unit prices for the regional average method. */
export interface RegionalAverage {
  district?: number | null;
  city?: number | null;
  /** Month the averages describe, yyyy-MM. */
  month?: string | null;
}

export interface MarketData {
  /** Cases of the subject's community and of nearby communities, same trade type and property type. */
  cases: readonly MarketCase[];
  communities?: readonly CommunityInfo[];
  indices?: PriceIndices | null;
  regionalAverage?: RegionalAverage | null;
}

export interface ValuationInput {
  subject: SubjectProperty;
  tradeType: TradeType;
  /** yyyy-MM-dd or yyyy-MM. */
  valuationDate: string;
  /** Enabled method numbers of the tenant; default all. */
  evalFlags?: readonly MethodNumber[] | null;
  /** Minimum confidence class of the tenant; default C. */
  evalClass?: ConfidenceClass | null;
  /** Lender's risk coefficient (0..1): the risk-adjusted value is the market value times it. */
  riskCoefficient?: number | null;
  market: MarketData;
}

export interface SampleStatistics {
  count: number;
  min: number | null;
  max: number | null;
  avg: number | null;
}

/** One comparable case in the shape of the spec's sample table. */
export interface SampleCase {
  id: string;
  haName: string;
  areaSize: number;
  floor: number | null;
  bheight: number | null;
  br: number | null;
  lr: number | null;
  ba: number | null;
  offerTime: string | null;
  totalPrice: number;
  unitPrice: number;
}

/** Weight of a feature group for the radar chart; the values sum to 1. */
export interface Beta {
  title: string;
  value: number;
}

export interface TrendPoint {
  month: string;
  value: number;
}

/**
 * Price trend for api/eval/pm. X: month-on-month change ratio of the latest month
 * (value(m) / value(m-1) - 1); R: year-on-year change ratio (value(m) / value(m-12) - 1).
 * Both are ratios (0.0123 = 1.23 %) and null when a month is missing.
 */
export interface PriceTrend {
  source: 'community' | 'district' | 'city';
  month: string;
  X: number | null;
  R: number | null;
  series: TrendPoint[];
}

/** How one case entered a value: unitPrice × timeFactor × featureFactor = adjustedUnitPrice. */
export interface CaseContribution {
  id: string;
  communityCode: string;
  sameCommunity: boolean;
  /** The case's total price / area, the basis the engine adjusts. */
  unitPrice: number;
  timeFactor: number;
  featureFactor: number;
  /** Factor per feature group (面积, 楼层, ...) whose product is featureFactor. */
  adjustments: Readonly<Record<string, number>>;
  adjustedUnitPrice: number;
  /**
   * Weight in the weighted geometric mean of adjusted unit prices; with the baseline's weight they
   * sum to 1. Kriging weights of redundant cases may be slightly negative.
   */
  weight: number;
}

export interface MethodProvenance {
  /** Cases weighed individually. */
  cases: CaseContribution[];
  /** Part of the value resting on the market baseline (a robust mean over all market cases). */
  baseline: { weight: number; unitPrice: number; caseCount: number } | null;
  /** Method-specific figures (community effect, standard price, blend weights...). */
  details: Readonly<Record<string, number | string | null>>;
}

export interface MethodResult {
  method: MethodName;
  kind: MethodKind;
  /** 1..4 as in the tenant settings; 5 for the fused value. */
  methodNumber: 1 | 2 | 3 | 4 | 5;
  state: ValuationState;
  /** Sale: yuan; lease: yuan/month. */
  totalPrice: number;
  /** Sale: yuan/m²; lease: yuan/m²/month. */
  unitPrice: number;
  confidenceClass: ConfidenceClass | null;
  provenance: MethodProvenance;
}

export type NoValueReason = 'invalid-subject' | 'no-cases' | 'below-min-class' | 'no-applicable-method';

export interface ValuationProvenance {
  engineVersion: string;
  valuationMonth: string;
  tradeType: TradeType;
  propType: number;
  marketCaseCount: number;
  communityCaseCount: number;
  nearbyCaseCount: number;
  /** Rejected cases with the reason: area, unitPrice, totalPrice, propType, afterValuationDate, duplicate. */
  rejectedCases: { id: string; reason: string }[];
  /** Hedonic coefficients of log unit price used for the adjustments, by feature name. */
  coefficients: Readonly<Record<string, number>>;
  /** Index series used for the time adjustment. */
  timeIndex: 'community' | 'district' | 'city' | null;
}

export interface ValuationResult {
  engineVersion: string;
  /** The method whose value is the answer; null when there is no value. */
  method: MethodName | null;
  state: ValuationState | null;
  totalPrice: number | null;
  unitPrice: number | null;
  confidenceClass: ConfidenceClass | null;
  /** Value times the risk coefficient, when one was given. */
  riskTotalPrice: number | null;
  riskUnitPrice: number | null;
  /** Why there is no valued (state 1) answer; null when there is one. */
  reason: NoValueReason | null;
  sample: SampleStatistics;
  samples: SampleCase[];
  betas: Beta[];
  trend: PriceTrend | null;
  /** Every method that produced a value, the answer included. */
  methods: MethodResult[];
  /** The measured range around the answer (see value-range.ts); null without an answer or a calibration. */
  range: ValueRange | null;
  provenance: ValuationProvenance;
}
