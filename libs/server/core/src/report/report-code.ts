import { randomInt } from 'node:crypto';
import type { ReportType } from '@valuation/contracts';
import { businessNow, dateStamp } from '@valuation/domain';

/** Prefix of a report code by type: XJ 询价 (inquiry), ZX 咨询 (advisory). */
const PREFIX: Readonly<Record<ReportType, string>> = { 1: 'XJ', 2: 'ZX' };

/** Report codes: XJ or ZX, the date, then ten random digits. */
export function newReportCode(type: ReportType, on = businessNow()): string {
  const date = dateStamp(on);
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return `${PREFIX[type]}${date}${digits}`;
}

export const REPORT_CODE_PATTERN = /^(XJ|ZX)\d{18}$/;

/** Where the PDF of a report is stored. */
export const reportPdfKey = (tenantId: number, reportCode: string) => `reports/${tenantId}/${reportCode}.pdf`;

/** Id of the render job of one order: a report ordered again after a failure gets a new job. */
export const reportRenderJobId = (reportId: string, ledgerId: string) => `report-${reportId}-${ledgerId}`;

/** Tries of a render job; the last failure ends the report and refunds its copy. */
export const REPORT_RENDER_ATTEMPTS = 2;

/** The copy a report type consumes. */
export const reportQuotaKind = (type: ReportType): 'inquiry' | 'advisory' => (type === 1 ? 'inquiry' : 'advisory');
