/** Inquiry (询价, type 1) and advisory (咨询, type 2) reports: names, messages and when they are offered. */
import { isAverageMethod } from './report-rules';

export type FormalReportType = 1 | 2;

export const FORMAL_REPORT_NAMES: Readonly<Record<FormalReportType, string>> = { 1: '询价报告', 2: '咨询报告' };

export const FormalReportMsg = {
  generated: '生成报告成功!',
  advisoryMissing: '咨询报告未生成！',
  inquiryMissing: '询价报告未生成！',
  recordNotFound: '估价记录不存在',
  notOffered: '该估价结果不支持生成报告，请发起人工询价',
  notFound: '报告不存在',
  notReady: '报告正在生成中，请稍后再试',
  failed: '报告生成失败，报告份数已退回，请重新生成',
  unknownCode: '未找到该报告，请核对报告编号',
  sampleTypeInvalid: '报告类型不正确',
  caseNotOffered: '该案件尚无人工估价结果，不能生成咨询报告',
} as const;

/** The question asked before a report is generated (it consumes one copy). */
export function formalReportConfirm(type: FormalReportType): string {
  return `生成${FORMAL_REPORT_NAMES[type]}将扣减 1 份${FORMAL_REPORT_NAMES[type]}次数，报告生成后不可修改，确定生成吗？`;
}

/**
 * What the user is told before ordering a consulting report that its channel has not sealed or
 * signed (the report's statement makes it valid only with both); null when both are configured.
 */
export function advisoryUnsignedNotice(signing: { seal: boolean; signatures: boolean }): string | null {
  const missing = [signing.seal ? null : '报告专用章', signing.signatures ? null : '估价师签字'].filter(Boolean);
  if (missing.length === 0) return null;
  return `当前咨询报告尚未配置${missing.join('和')}，生成的报告不含${missing.join('和')}，须另行盖章签字后方为有效。`;
}

/** Whether a valuation may have formal reports: valued (state 1) by a method other than the regional average. */
export function formalReportOffered(record: { state: number; method: string | null; totalPrice: number | null }): boolean {
  return record.state === 1 && record.totalPrice !== null && !isAverageMethod(record.method);
}

/**
 * Whether an appraisal case may have an advisory report: a manual enquiry or re-appraisal the
 * appraiser answered with a price (objections have no report).
 */
export function caseReportOffered(c: { kind: string; state: number; reviewTotalPrice: number | null }): boolean {
  return (c.kind === 'artificial' || c.kind === 'review') && c.state === 2 && c.reviewTotalPrice !== null && c.reviewTotalPrice > 0;
}
