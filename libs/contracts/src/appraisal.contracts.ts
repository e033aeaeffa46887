/**
 * Appraisal cases answered by human appraisers: manual enquiries (artificial), re-appraisals
 * (review) and price objections, as the requester and the appraisers' queue see them.
 */

export type AppraisalKind = 'artificial' | 'review' | 'objection';

/** An attachment of a case; download it through the case's file endpoint by index. */
export interface CaseFileView {
  index: number;
  name: string;
  size: number;
  type: string;
}

/** One transition of a case. */
export interface CaseHistoryView {
  event: 'SUBMIT' | 'CLAIM' | 'RELEASE' | 'ANSWER' | 'REFUSE' | 'READ';
  /** Chinese name of the event: 提交, 领取, 释放, 答复, 退回, 已读. */
  eventName: string;
  fromState: string | null;
  toState: string;
  actorName: string;
  /** yyyy-MM-dd HH:mm:ss */
  time: string;
  data: Record<string, unknown>;
}

/** A case in full: what was asked, its state, the answer and its history. */
export interface AppraisalCaseView {
  id: number;
  caseNo: string;
  kind: AppraisalKind;
  /** 1 pending/processing, 2 succeeded/completed, 3 failed. */
  state: 1 | 2 | 3;
  /** The workflow state: pending, claimed, succeeded, failed, completed. */
  machineState: string;
  version: number;
  evalType: 1 | 2;
  evalCode: string | null;
  initiate: number | null;
  sourceId: number | null;
  cityCode: string;
  cityName: string;
  haCode: string | null;
  haName: string | null;
  cardAddress: string | null;
  location: string | null;
  bldgArea: number | null;
  principalCode: string | null;
  houseInfo: Record<string, unknown>;
  reason: number | null;
  otherReason: string | null;
  remark: string;
  proposedPrice: number | null;
  originalPrice: number | null;
  files: CaseFileView[];
  assigneeName: string | null;
  reviewTotalPrice: number | null;
  reviewUnitPrice: number | null;
  reviewReply: string | null;
  refuseReason: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  submitTime: string;
  reviewTime: string | null;
  dueTime: string;
  overdue: boolean;
  /** The requester has read the answer. */
  read: boolean;
  /** The caller filed the case: only the requester's opening of an answer marks it read. */
  ownRequest: boolean;
  history: CaseHistoryView[];
}

/**
 * One price of a property's history: its automatic valuation (type 1), an answered manual enquiry
 * (type 2) or an answered re-appraisal (type 3).
 */
export interface PriceHistoryItem {
  /** Artificial type: 1 automatic valuation, 2 manual inquiry, 3 manual re-appraisal. */
  type: 1 | 2 | 3;
  /** The valuation record's id (type 1) or the case's id. */
  id: number;
  /** The valuation code (type 1) or the case number. */
  code: string;
  /** 1 sale, 2 lease. */
  evalType: 1 | 2;
  /** When valued or answered, yyyy-MM-dd HH:mm:ss. */
  evalDate: string;
  /** Yuan (a month's rent for leases). */
  totalPrice: number;
  unitPrice: number | null;
}

/**
 * A manual enquiry or re-appraisal as api/artificial/get and api/review/get give it: the case, and
 * the price history of the chain it belongs to, oldest first (cases without a price left out).
 */
export interface AppraisalCaseRecord extends AppraisalCaseView {
  historyList: PriceHistoryItem[];
}
