import type { ReportType } from '@valuation/contracts';

/** Route names of the report pages (param evalCode, query evalType) and of the sample pages. */
export const REPORT_ROUTE: Readonly<Record<ReportType, string>> = { 1: 'InquiryReport', 2: 'AdvisoryReport' };
export const SAMPLE_ROUTE: Readonly<Record<ReportType, string>> = { 1: 'InquiryReportSample', 2: 'AdvisoryReportSample' };

/** Public page the QR code of a report opens. */
export const VERIFY_PATH = '/verify/:code';

/** Route names of the advisory reports of manual enquiries and re-appraisals (param id, query evalType). */
export const CASE_REPORT_ROUTE: Readonly<Record<'artificial' | 'review', string>> = {
  artificial: 'manualAdvisoryReport',
  review: 'objectionAdvisoryReport',
};
