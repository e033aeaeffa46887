import { Injectable, Logger } from '@nestjs/common';
import type {
  AdvisorySigning,
  CaseReportWithCase,
  EvalResult,
  ReportAppraisal,
  ReportInfo,
  ReportType,
  ReportVerification,
  ReportWithRecord,
} from '@valuation/contracts';
import {
  newReportCode,
  QuotaExhaustedError,
  QuotaService,
  REPORT_RENDER_ATTEMPTS,
  ReportRenderService,
  reportQuotaKind,
  reportRenderJobId,
} from '@valuation/core';
import { caseReportOffered, FORMAL_REPORT_NAMES, formalReportOffered, FormalReportMsg as ReportMsg, WorkflowMsg } from '@valuation/domain';
import {
  AppraisalCaseRepository,
  EvalRecordRepository,
  EvalReportRepository,
  UnitOfWork,
  type AppraisalCaseEntity,
  type EvalReportEntity,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { JobProducer } from '@valuation/queue';
import { ApiError } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { dateTime, evalRecordView, storedResult } from '../eval/eval-record.view';
import { caseReportResult } from './case-report.record';
import { ReportDocumentBuilder } from './report-document.builder';

class LiveReportExists extends Error {}

/** The kinds of cases that have advisory reports. */
export type ReportedCaseKind = 'artificial' | 'review';
const REPORTED_CASE_KINDS: readonly ReportedCaseKind[] = ['artificial', 'review'];

/** What a report is ordered for: a valuation record, or an answered appraisal case. */
interface ReportSubject {
  /** The eval_code column: the valuation's code, or the case number. */
  key: string;
  evalRecordId: string | null;
  caseId: string | null;
  result: EvalResult;
  appraisal: ReportAppraisal | null;
}

function info(r: EvalReportEntity): ReportInfo {
  return {
    reportCode: r.reportCode,
    reportType: r.reportType,
    state: r.state,
    evalCode: r.evalCode,
    caseId: r.caseId === null ? null : Number(r.caseId),
    createTime: dateTime(r.createdAt),
    finishTime: r.finishedAt ? dateTime(r.finishedAt) : null,
    sha256: r.sha256,
    size: r.size,
    error: r.state === 3 ? ReportMsg.failed : null,
  };
}

/**
 * Inquiry and advisory reports of valuation records, and advisory reports of answered manual
 * enquiries and re-appraisals: ordered once per subject and type (the copy is charged with the
 * order in one transaction; a second order returns the report), rendered by the workers,
 * downloaded, shown on screen and verified publicly by code.
 */
@Injectable()
export class ReportOrderService {
  private readonly logger = new Logger(ReportOrderService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly reports: EvalReportRepository,
    private readonly records: EvalRecordRepository,
    private readonly cases: AppraisalCaseRepository,
    private readonly documents: ReportDocumentBuilder,
    private readonly quota: QuotaService,
    private readonly renders: ReportRenderService,
    private readonly jobs: JobProducer,
    private readonly storage: ObjectStorage,
  ) {}

  /** Orders the report of a record, or returns the one already ordered (not failed). */
  async order(p: Principal, evalCode: string, reportType: ReportType): Promise<ReportInfo> {
    const result = await this.result(p, evalCode);
    if (!formalReportOffered(result.record)) throw ApiError.badRequest(ReportMsg.notOffered);
    return this.place(p, { key: evalCode, evalRecordId: String(result.record.id), caseId: null, result, appraisal: null }, reportType);
  }

  /** Orders the advisory report of an answered manual enquiry or re-appraisal, or returns the one already ordered. */
  async orderForCase(p: Principal, kind: ReportedCaseKind, id: number): Promise<ReportInfo> {
    const c = await this.caseOf(p, kind, id);
    if (!caseReportOffered(this.brief(c))) throw ApiError.badRequest(ReportMsg.caseNotOffered);
    const source = c.evalCode ? await this.records.findInTenant(c.evalCode, c.tenantId) : null;
    const { result, appraisal } = caseReportResult(c, source ? evalRecordView(source) : null);
    return this.place(p, { key: c.caseNo, evalRecordId: source?.id ?? null, caseId: c.id, result, appraisal }, 2);
  }

  private async place(p: Principal, subject: ReportSubject, reportType: ReportType): Promise<ReportInfo> {
    const existing = await this.find(subject.key, reportType);
    if (existing && existing.state !== 3) return info(existing);

    const reportCode = newReportCode(reportType);
    const document = await this.documents.build(p, reportType, reportCode, subject.result, subject.appraisal);
    const kind = reportQuotaKind(reportType);
    let ordered: { id: string; ledgerId: string };
    try {
      ordered = await this.uow.run(async (m) => {
        const charge = await this.quota.consumeReport(m, kind, { tenantId: p.tenantId, accountId: p.id, refType: kind, refId: reportCode });
        const id = await this.reports.placeOrder(m, {
          reportCode,
          reportType,
          subjectKey: subject.key,
          evalRecordId: subject.evalRecordId,
          caseId: subject.caseId,
          tenantId: p.tenantId,
          companyId: p.companyId,
          organizationId: p.organizationId,
          accountId: p.id,
          source: p.client,
          document,
          charge,
        });
        // Another request ordered it first: this transaction, and its charge, roll back.
        if (id === null) throw new LiveReportExists();
        return { id, ledgerId: charge.ledgerId };
      });
    } catch (error) {
      if (error instanceof QuotaExhaustedError) throw ApiError.forbidden(error.message);
      if (error instanceof LiveReportExists) return info((await this.find(subject.key, reportType))!);
      throw error;
    }
    try {
      await this.jobs.enqueue(
        'report.render',
        { reportId: ordered.id },
        { jobId: reportRenderJobId(ordered.id, ordered.ledgerId), attempts: REPORT_RENDER_ATTEMPTS },
      );
    } catch (error) {
      this.logger.error({ err: error, reportCode }, 'Could not enqueue the rendering of a report');
      await this.renders.fail(ordered.id, `渲染任务未能加入队列：${(error as Error).message}`);
      throw error;
    }
    return info((await this.find(subject.key, reportType))!);
  }

  /** The report of a record (null when none was ordered) with the record. */
  /** Whether the consulting reports the caller would order are sealed and signed. */
  advisorySigning(p: Principal): Promise<AdvisorySigning> {
    return this.documents.advisorySigning(p);
  }

  async get(p: Principal, evalCode: string, reportType: ReportType): Promise<ReportWithRecord> {
    const { record } = await this.result(p, evalCode);
    const report = await this.find(evalCode, reportType);
    return { report: report ? info(report) : null, record };
  }

  /** The advisory report of a case (null when none was ordered), the case in brief, and whether one may be ordered. */
  async getForCase(p: Principal, kind: ReportedCaseKind, id: number): Promise<CaseReportWithCase> {
    const c = await this.caseOf(p, kind, id);
    const report = await this.find(c.caseNo, 2);
    const brief = this.brief(c);
    return { report: report && report.caseId === c.id ? info(report) : null, case: brief, offered: caseReportOffered(brief) };
  }

  /** A ready report the caller may read, by code. */
  async ready(p: Principal, reportCode: string): Promise<EvalReportEntity> {
    const report = await this.reports.findByCode(reportCode, p.tenantId);
    if (!report) throw ApiError.notFound(ReportMsg.notFound);
    if (report.caseId === null) await this.result(p, report.evalCode);
    else await this.caseOf(p, REPORTED_CASE_KINDS, Number(report.caseId));
    if (report.state === 1) throw ApiError.conflict(ReportMsg.notReady);
    if (report.state === 3) throw ApiError.notFound(ReportMsg.failed);
    return report;
  }

  async pdf(p: Principal, reportCode: string): Promise<{ content: Buffer; fileName: string }> {
    const report = await this.ready(p, reportCode);
    return {
      content: await this.storage.getBuffer(report.pdfKey!),
      fileName: `${report.document.branding.reportName}-${report.reportCode}.pdf`,
    };
  }

  /** The PDF of a record's report, by the record (the export link of the report buttons). */
  async recordPdf(p: Principal, evalCode: string, reportType: ReportType): Promise<{ content: Buffer; fileName: string }> {
    const { report } = await this.get(p, evalCode, reportType);
    if (!report) throw ApiError.notFound(reportType === 2 ? ReportMsg.advisoryMissing : ReportMsg.inquiryMissing);
    return this.pdf(p, report.reportCode);
  }

  /** The PDF of a case's advisory report, by the case. */
  async casePdf(p: Principal, kind: ReportedCaseKind, id: number): Promise<{ content: Buffer; fileName: string }> {
    const { report } = await this.getForCase(p, kind, id);
    if (!report) throw ApiError.notFound(ReportMsg.advisoryMissing);
    return this.pdf(p, report.reportCode);
  }

  async html(p: Principal, reportCode: string): Promise<string> {
    return this.renders.html((await this.ready(p, reportCode)).document);
  }

  /** What anyone holding a printed report can check it against. */
  async verify(reportCode: string): Promise<ReportVerification> {
    const report = await this.reports.findRendered(reportCode);
    if (!report || !report.sha256) throw ApiError.notFound(ReportMsg.unknownCode);
    const { record } = report.document.result;
    return {
      reportCode: report.reportCode,
      reportType: report.reportType,
      reportName: report.document.branding.reportName || FORMAL_REPORT_NAMES[report.reportType],
      issuer: report.document.branding.issuer,
      reportDate: report.document.reportDate,
      cityName: record.cityName,
      haName: record.haName,
      address: record.cardAddress ?? record.location,
      bldgArea: record.bldgArea,
      evalType: record.evalType,
      totalPrice: record.totalPrice,
      unitPrice: record.unitPrice,
      sha256: report.sha256,
    };
  }

  private find(key: string, reportType: ReportType): Promise<EvalReportEntity | null> {
    return this.reports.findBySubject(key, reportType);
  }

  /** A case of the kind the caller may read. */
  private async caseOf(p: Principal, kind: ReportedCaseKind | readonly ReportedCaseKind[], id: number): Promise<AppraisalCaseEntity> {
    const c = await this.cases.findInRange(recordScope(p), kind, id);
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }

  private brief(c: AppraisalCaseEntity): CaseReportWithCase['case'] {
    return {
      id: Number(c.id),
      caseNo: c.caseNo,
      kind: c.kind as ReportedCaseKind,
      state: c.state,
      evalType: c.evalType,
      cityName: c.cityName,
      haName: c.haName,
      location: c.location,
      cardAddress: c.cardAddress,
      reviewTotalPrice: c.reviewTotalPrice === null ? null : Number(c.reviewTotalPrice),
    };
  }

  /** The record as api/eval/get gives it, when the caller may read it. */
  private async result(p: Principal, evalCode: string): Promise<EvalResult> {
    const record = await this.records.findByCode(recordScope(p), evalCode);
    if (!record) throw ApiError.notFound(ReportMsg.recordNotFound);
    const stored = storedResult(record);
    return { record: evalRecordView(record), samples: stored.samples ?? [], betas: stored.betas ?? [] };
  }
}
