/**
 * The appraisers' work queue in the channel area (api/tenant/appraisal/...): the queue rows, the
 * badge counts and a case with what the appraiser needs to answer it.
 */
import type { AppraisalCaseView, AppraisalKind } from './appraisal.contracts';
import type { EvalRecord, EvalSample } from './eval.contracts';
import type { Paged } from './envelope';

export interface AppraisalQueueRow {
  id: number;
  caseNo: string;
  kind: AppraisalKind;
  /** 人工询价, 人工复评 or 价格异议. */
  kindName: string;
  state: 1 | 2 | 3;
  machineState: string;
  cityName: string;
  haName: string | null;
  location: string | null;
  cardAddress: string | null;
  evalType: 1 | 2;
  bldgArea: number | null;
  /** yyyy-MM-dd HH:mm:ss */
  submitTime: string;
  dueTime: string;
  overdue: boolean;
  assigneeName: string | null;
  /** Held by the caller. */
  mine: boolean;
  version: number;
  /** The requester's customer company. */
  companyName: string;
}

export type AppraisalQueuePage = Paged<AppraisalQueueRow>;

/** Open cases, open cases past their due time, open cases held by the caller. */
export interface AppraisalCounts {
  open: number;
  overdue: number;
  mine: number;
}

export interface AppraisalRequester {
  accountName: string;
  loginUser: string;
  organizationName: string;
  companyName: string;
}

/** A listing or deal of the case's community. */
export interface AppraisalMarketCase {
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

export interface AppraisalCaseDetail extends AppraisalCaseView {
  kindName: string;
  /** Held by the caller. */
  mine: boolean;
  requester: AppraisalRequester | null;
  /** The automatic valuation the case starts from, with its sample cases. */
  valuation: { record: EvalRecord; samples: EvalSample[] } | null;
  /** The community's cases of the last 12 months, newest first (at most 20). */
  recentCases: AppraisalMarketCase[];
  /** The community's monthly average unit price of the last 2 years. */
  priceTrend: { month: string; price: number }[];
}
