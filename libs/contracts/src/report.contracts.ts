/**
 * Formal reports: inquiry (询价报告, type 1) and advisory (咨询报告, type 2) reports of a valuation,
 * rendered to PDF by the workers; the report configuration of the channel; public verification.
 */
import type { CommunityAround, CommunityDetail, MonthSeries, NearbyCommunity, PriceDistribution, RoomTypeSeries } from './market.contracts';
import type { EvalResult } from './eval.contracts';

/** 1 inquiry report (询价报告), 2 advisory report (咨询报告, the channel's "consulting" report). */
export type ReportType = 1 | 2;

/** 1 rendering, 2 ready, 3 failed (the copy was refunded; ordering again starts afresh). */
export type ReportState = 1 | 2 | 3;

/** Images of a report configuration: 1 business licence, 2 certificate, 3 and 4 appraiser signatures, 5 report seal. */
export type ReportImageType = 1 | 2 | 3 | 4 | 5;

/** The texts of a report configuration as the report prints them. */
export interface ReportBranding {
  reportName: string;
  reportStatement: string;
  /** Signature line of the advisory report; empty for inquiry reports. */
  reportSign: string;
  /** Name of the issuing company (the tenant's site configuration). */
  issuer: string;
}

/**
 * Everything a report shows, frozen when the report is ordered: the valuation with its samples
 * and weights, the community's market and surroundings, the branding, the code and the address
 * of its verification page. Images of the configuration are read when the report is rendered.
 */
export interface ReportDocument {
  reportType: ReportType;
  reportCode: string;
  /** yyyy-MM-dd */
  reportDate: string;
  /** Public page the QR code opens. */
  verifyUrl: string;
  branding: ReportBranding;
  /** Object keys of the configuration images the report prints (advisory reports). */
  images: Partial<Record<ReportImageType, string>>;
  result: EvalResult;
  /** The appraiser's answer, in the advisory report of a manual enquiry or re-appraisal. */
  appraisal?: ReportAppraisal | null;
  /** Monthly average unit price of the community over the last 2 years (sale or lease as the valuation). */
  trend: MonthSeries;
  /** Monthly number of cases (supply) over the last 2 years. */
  supply: MonthSeries;
  /** Cases by unit price bucket over the last 5 years. */
  distribution: PriceDistribution;
  /** Share of cases by room count over the last 5 years. */
  roomTypes: RoomTypeSeries;
  community: CommunityDetail | null;
  /** Nearby communities within 1 km, nearest first, the subject's own community excluded (at most 20). */
  nearby: NearbyCommunity[];
  around: CommunityAround;
}

/** The answer of an appraisal case as its advisory report prints it. */
export interface ReportAppraisal {
  caseNo: string;
  /** 人工询价 or 人工复评. */
  kindName: string;
  appraiserName: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  reviewTime: string | null;
  reply: string | null;
  /** The price the re-appraisal contested, in yuan (monthly rent for leases). */
  originalPrice: number | null;
}

/** A report as GET api/eval/inquiry/get and api/eval/advisory/get give it. */
export interface ReportInfo {
  reportCode: string;
  reportType: ReportType;
  state: ReportState;
  /** The valuation's code; for the report of an appraisal case, the case number. */
  evalCode: string;
  /** The appraisal case of a case report, else null. */
  caseId: number | null;
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
  /** yyyy-MM-dd HH:mm:ss; null until rendered. */
  finishTime: string | null;
  /** Hex SHA-256 of the PDF; null until rendered. */
  sha256: string | null;
  /** Bytes of the PDF; null until rendered. */
  size: number | null;
  /** Why rendering failed (state 3). */
  error: string | null;
}

/** GET api/eval/inquiry/get and api/eval/advisory/get: the report (null when none was ordered) and the record. */
export interface ReportWithRecord {
  report: ReportInfo | null;
  record: EvalResult['record'];
}

/**
 * GET api/artificial/advisory/get and api/review/advisory/get: the advisory report of a case (null
 * when none was ordered), the case in brief, and whether a report may be ordered for it.
 */
export interface CaseReportWithCase {
  report: ReportInfo | null;
  case: {
    id: number;
    caseNo: string;
    kind: 'artificial' | 'review';
    state: 1 | 2 | 3;
    evalType: 1 | 2;
    cityName: string;
    haName: string | null;
    location: string | null;
    cardAddress: string | null;
    reviewTotalPrice: number | null;
  };
  offered: boolean;
}

/** GET api/report/verify (public): what a printed report can be checked against. */
export interface ReportVerification {
  reportCode: string;
  reportType: ReportType;
  reportName: string;
  issuer: string;
  /** yyyy-MM-dd */
  reportDate: string;
  cityName: string;
  haName: string | null;
  address: string | null;
  bldgArea: number;
  evalType: 1 | 2;
  totalPrice: number | null;
  unitPrice: number | null;
  sha256: string;
}

/** GET api/tenant/report-config/get: the configuration of one report type. */
export interface ReportConfig {
  id: number | null;
  reportType: ReportType;
  reportName: string;
  reportStatement: string;
  reportSign: string;
  /** Which images are set, by image type. */
  images: Record<ReportImageType, boolean>;
}
