/**
 * Valuation API: api/eval/rapid, get, pm, reval, history/list, list and export.
 * Prices are in yuan: totalPrice is the whole property (sale) or the month (lease); unitPrice is
 * yuan/m² (sale) or yuan/month/m² (lease). Coordinates are bd09ll.
 */

/** 1 sale, 2 lease. */
export type EvalType = 1 | 2;

/** Query of POST api/eval/rapid and api/eval/reval. */
export interface EvalTypeQuery {
  evalType: EvalType;
}

/** Answer of POST api/eval/rapid and api/eval/reval. state 1 valued, 2 only a reference price. */
export interface RapidResult {
  evalCode: string;
  state: number;
}

/** A stored valuation record in the shape of the specification. */
export interface EvalRecord {
  id: number;
  evalCode: string;
  evalType: EvalType;
  /** forsale, lease, fvSale, fvLease, mraSale, mraLease, msaSale, msaLease, averageSale, averageLease. */
  method: string;
  state: number;
  /** A, B or C; null without a value. */
  confidenceClass: string | null;
  haCode: string | null;
  haName: string | null;
  cityCode: string;
  cityName: string;
  propType: number;
  proprtname: string;
  businessTypeId: number | null;
  businessTypeName: string | null;
  principalCode: string | null;
  principal: string | null;
  owner: string | null;
  cardAddress: string | null;
  location: string | null;
  gpsLon: number | null;
  gpsLat: number | null;
  buildNo: string | null;
  unit: string | null;
  roomNo: string | null;
  bldgArea: number;
  br: number | null;
  lr: number | null;
  ba: number | null;
  cr: number | null;
  floor: number | null;
  bheight: number | null;
  faceName: string;
  intdecoName: string;
  indoStruName: string;
  bldgTypeName: string;
  bldgstruName: string;
  buildYear: number | null;
  /** yyyy-MM-dd HH:mm:ss */
  evalDate: string;
  totalPrice: number | null;
  unitPrice: number | null;
  sampleCount: number | null;
  samplePriceMax: number | null;
  samplePriceMin: number | null;
  samplePriceAvg: number | null;
  riskCoefficient: number | null;
  riskTotalPrice: number | null;
  engineVersion: string;
  /** Whether an inquiry or advisory report exists for the record. */
  inquiry: boolean;
  advisory: boolean;
}

/** One comparable case of a valuation. */
export interface EvalSample {
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
export interface EvalBeta {
  title: string;
  value: number;
}

/** GET api/eval/get */
export interface EvalResult {
  record: EvalRecord;
  samples: EvalSample[];
  betas: EvalBeta[];
}

/** GET api/eval/pm: X month-on-month and R year-on-year change ratios of the latest month. */
export interface EvalTrend {
  X: number | null;
  R: number | null;
  month: string | null;
  source: string | null;
  series: { month: string; value: number }[];
}

/**
 * One row of GET api/eval/history/list, newest first: every valuation of the property (type 1) and
 * the answered manual enquiries (type 2) and re-appraisals (type 3) with a price that stem from them.
 */
export interface EvalHistoryItem {
  /** The valuation record's id (type 1) or the case's id (types 2 and 3). */
  id: number;
  /** The valuation, or the valuation the case stems from. */
  evalCode: string;
  /** The case number (types 2 and 3), null for a valuation. */
  caseNo: string | null;
  /** Artificial type: 1 automatic valuation, 2 manual inquiry, 3 manual re-appraisal. */
  type: 1 | 2 | 3;
  /** A re-valuation may change sale to rent, so each item says which it is. */
  evalType: EvalType;
  /** When valued or answered. */
  evalDate: string;
  totalPrice: number | null;
  unitPrice: number | null;
  /** Type 1: 1 valued, 2 reference price only; types 2 and 3: 2 answered. */
  state: number;
}

/** Query of GET api/eval/list and api/eval/export; dates yyyy/MM/dd. */
export interface EvalListQuery {
  city?: string;
  cardAddress?: string;
  location?: string;
  beginDate?: string;
  endDate?: string;
  /** Property type (11, 21, 22); empty for all. */
  type?: number;
  evalType?: EvalType;
  pageIndex?: number;
  pageSize?: number;
}

/** One row of GET api/eval/list. */
export interface EvalListRow {
  id: number;
  evalCode: string;
  evalDate: string;
  cityName: string;
  cardAddress: string | null;
  /** Community name or the marked address. */
  location: string | null;
  haName: string | null;
  principalCode: string | null;
  propType: number;
  proprtname: string;
  bldgArea: number;
  evalType: EvalType;
  method: string;
  totalPrice: number | null;
  unitPrice: number | null;
  inquiry: boolean;
  advisory: boolean;
  /** Number of valuations of the same property, this one included. */
  historyCount: number;
  /** Answered manual enquiries and re-appraisals with a price that stem from those valuations (rows of its history list). */
  answerCount: number;
  asset: boolean;
  state: number;
}
