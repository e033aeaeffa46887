import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { pagedList, type AppraisalCaseRecord, type Paged } from '@valuation/contracts';
import {
  AppraisalCaseStore,
  appraisalCaseView,
  caseTime,
  CaseFileRefusal,
  excelDateTime,
  mapBatches,
  removeCaseFiles,
  storeCaseFiles,
  streamXlsx,
  XLSX_AMOUNT,
  XLSX_DATE_TIME,
  type NewCase,
  type UploadedCaseFile,
  type XlsxColumn,
} from '@valuation/core';
import {
  CASE_FILE_LIMITS,
  CaseFileMsg,
  dateStamp,
  EVAL_TYPE_LABELS,
  isAverageMethod,
  isCaseRequester,
  PROPERTY_TYPE_LABELS,
  REVIEW_STATE_LABELS,
  evalPriceUnit,
  evalPriceValue,
  ReviewMsg,
  checkExpectedPrice,
  WorkflowMsg,
  type CaseActor,
  type ReviewAdd,
  type ReviewFilter,
  type ReviewListQuery,
  type ReviewListRow,
} from '@valuation/domain';
import {
  AppraisalCaseRepository,
  EvalRecordRepository,
  EvalReportRepository,
  UnitOfWork,
  type AppraisalCaseEntity,
  type EvalRecordEntity,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { uploadedFileName } from '../batch/batch-file.reader';
import { casePriceHistory } from '../eval/price-history';
import { openAnswer } from '../../common/appraisal-case.read';
import { actorOf, caseFilter } from '../../common/appraisal-case.scope';

export const REVIEW_EXPORT_LIMIT = 10_000;

const num = (v: string | null) => (v === null ? null : Number(v));

/** What a request copies from its source: the property, the contested price and the valuation code. */
type SourceFields = Pick<
  NewCase,
  | 'evalType'
  | 'evalCode'
  | 'cityCode'
  | 'cityName'
  | 'haCode'
  | 'haName'
  | 'cardAddress'
  | 'location'
  | 'bldgArea'
  | 'principalCode'
  | 'houseInfo'
  | 'originalPrice'
>;

/** The property and price of a valued record, refused when it has no automatic value (average method, reference price only). */
export function recordSource(r: EvalRecordEntity, averageMessage: string): SourceFields {
  if (r.state !== 1 || isAverageMethod(r.method) || r.totalPrice === null) throw ApiError.badRequest(averageMessage);
  return {
    evalType: r.evalType === 2 ? 2 : 1,
    evalCode: r.evalCode,
    cityCode: r.cityCode,
    cityName: r.cityName,
    haCode: r.haCode,
    haName: r.haName,
    cardAddress: r.cardAddress,
    location: r.location,
    bldgArea: r.bldgArea,
    principalCode: r.principalCode,
    houseInfo: { ...(r.input as Record<string, unknown>), propType: r.propType, method: r.method },
    originalPrice: r.totalPrice,
  };
}

function toRow(c: AppraisalCaseEntity, viewer: CaseActor, advisory = false): ReviewListRow {
  const propType = Number(c.houseInfo.propType);
  return {
    id: Number(c.id),
    caseNo: c.caseNo,
    submitTime: caseTime(c.createdAt),
    cityName: c.cityName,
    principalCode: c.principalCode,
    cardAddress: c.cardAddress,
    location: c.haName ?? c.location,
    bldgTypeName: PROPERTY_TYPE_LABELS[propType] ?? '',
    bldgArea: num(c.bldgArea),
    evalType: c.evalType,
    initiate: c.initiate,
    reviewTotalPrice: num(c.reviewTotalPrice),
    state: c.state,
    advisory,
    inquiry: false,
    totalPrice: num(c.originalPrice),
    read: c.context.read,
    ownRequest: isCaseRequester(c.context, viewer),
  };
}

const EXPORT_COLUMNS: readonly XlsxColumn<ReviewListRow>[] = [
  { header: '复评编号', width: 24, value: (r) => r.caseNo },
  { header: '提交时间', width: 21, numFmt: XLSX_DATE_TIME, value: (r) => excelDateTime(r.submitTime) },
  { header: '城市', width: 10, value: (r) => r.cityName },
  { header: '客户编号', width: 16, value: (r) => r.principalCode },
  { header: '证载地址', width: 36, value: (r) => r.cardAddress },
  { header: '小区/位置', width: 30, value: (r) => r.location },
  { header: '物业类型', width: 10, value: (r) => r.bldgTypeName },
  { header: '面积(㎡)', width: 12, numFmt: XLSX_AMOUNT, value: (r) => r.bldgArea },
  { header: '估价类型', width: 10, value: (r) => EVAL_TYPE_LABELS[r.evalType] ?? '' },
  {
    header: '原估价',
    width: 16,
    numFmt: XLSX_AMOUNT,
    value: (r) => evalPriceValue(r.totalPrice, r.evalType),
    unit: { header: '原估价单位', width: 12, value: (r) => evalPriceUnit(r.evalType) },
  },
  {
    header: '复评价格',
    width: 16,
    numFmt: XLSX_AMOUNT,
    value: (r) => evalPriceValue(r.reviewTotalPrice, r.evalType),
    unit: { header: '复评价格单位', width: 14, value: (r) => evalPriceUnit(r.evalType) },
  },
  { header: '状态', width: 10, value: (r) => REVIEW_STATE_LABELS[r.state] },
  { header: '咨询报告', width: 10, value: (r) => (r.advisory ? '已生成' : '') },
];

/** Re-appraisal requests of the caller's scope: filing, the list and its export, detail, read marks, attachments. */
@Injectable()
export class ReviewService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cases: AppraisalCaseRepository,
    private readonly records: EvalRecordRepository,
    private readonly reports: EvalReportRepository,
    private readonly store: AppraisalCaseStore,
    private readonly storage: ObjectStorage,
  ) {}

  /** The caller's answered or refused re-appraisals not opened yet (the sidebar badge). */
  unreadCount(p: Principal): Promise<number> {
    return this.store.unreadCount('review', p.tenantId, p.id);
  }

  async add(p: Principal, body: ReviewAdd, files: readonly UploadedCaseFile[]): Promise<{ id: number; caseNo: string }> {
    if (files.length > CASE_FILE_LIMITS.maxFiles) throw ApiError.badRequest(CaseFileMsg.tooMany);
    const source = await this.source(p, body);
    const agrees = checkExpectedPrice(body.reason, body.actualPrice, source.originalPrice === null ? null : Number(source.originalPrice));
    if (!agrees.ok) throw ApiError.badRequest(agrees.message);
    let stored: NewCase['files'] = [];
    try {
      stored = await storeCaseFiles(
        this.storage,
        p.tenantId,
        files.map((f) => ({ originalname: uploadedFileName(f.originalname), size: f.size, buffer: f.buffer })),
      );
    } catch (error) {
      if (error instanceof CaseFileRefusal) throw ApiError.badRequest(error.message);
      throw error;
    }
    try {
      const filed = await this.uow.run((m) =>
        this.store.create(
          m,
          {
            ...source,
            kind: 'review',
            tenantId: p.tenantId,
            companyId: p.companyId!,
            organizationId: p.organizationId!,
            accountId: p.id,
            source: p.client,
            initiate: body.initiate,
            sourceId: body.initiate === 1 ? null : body.sourceId,
            reason: body.reason,
            otherReason: body.reason === 3 ? body.otherReason : null,
            remark: body.remark,
            proposedPrice: body.actualPrice === undefined ? null : body.actualPrice.toFixed(2),
            files: stored,
          },
          actorOf(p),
        ),
      );
      return { id: Number(filed.id), caseNo: filed.caseNo };
    } catch (error) {
      await removeCaseFiles(this.storage, stored);
      throw error;
    }
  }

  /** The source of a request: a valued record (initiate 1) or an answered case of the caller's scope (2 manual enquiry, 3 re-appraisal). */
  private async source(p: Principal, body: ReviewAdd): Promise<SourceFields> {
    if (body.initiate === 1) {
      const record = await this.records.findByCode(recordScope(p), body.sourceId);
      if (!record) throw ApiError.notFound(ReviewMsg.sourceInvalid);
      return recordSource(record, ReviewMsg.averageMethod);
    }
    const c = await this.cases.findInRange(recordScope(p), body.initiate === 2 ? 'artificial' : 'review', body.sourceId);
    if (!c) throw ApiError.notFound(ReviewMsg.sourceInvalid);
    if (c.state !== 2 || c.reviewTotalPrice === null) throw ApiError.badRequest(ReviewMsg.sourceNotAnswered);
    return {
      evalType: c.evalType,
      evalCode: c.evalCode,
      cityCode: c.cityCode,
      cityName: c.cityName,
      haCode: c.haCode,
      haName: c.haName,
      cardAddress: c.cardAddress,
      location: c.location,
      bldgArea: c.bldgArea,
      principalCode: c.principalCode,
      houseInfo: c.houseInfo,
      originalPrice: c.reviewTotalPrice,
    };
  }

  async list(p: Principal, q: ReviewListQuery): Promise<Paged<ReviewListRow>> {
    const scope = recordScope(p);
    const { rows, total } = await this.cases.page(scope, 'review', this.filter(q), q);
    return pagedList(await this.rows(p, rows), total, q.pageIndex, q.pageSize);
  }

  /** The filtered re-appraisals (the newest REVIEW_EXPORT_LIMIT) as an .xlsx workbook, streamed. */
  async export(p: Principal, q: ReviewFilter): Promise<{ content: Readable; fileName: string }> {
    const batches = this.cases.batches(recordScope(p), 'review', this.filter(q), REVIEW_EXPORT_LIMIT);
    const content = await streamXlsx(
      { sheetName: '人工复评记录', columns: EXPORT_COLUMNS },
      mapBatches(batches, (rows) => this.rows(p, rows)),
    );
    return { content, fileName: `人工复评记录_${dateStamp()}.xlsx` };
  }

  private filter(q: ReviewFilter) {
    return caseFilter(q, q.state ? [q.state] : undefined);
  }

  /** List rows, with the advisory flag of the cases that have a live advisory report. */
  private async rows(p: Principal, cases: readonly AppraisalCaseEntity[]): Promise<ReviewListRow[]> {
    const reported = await this.reports.casesWithLiveAdvisory(
      p.tenantId,
      cases.map((c) => c.id),
    );
    const viewer = actorOf(p);
    return cases.map((c) => toRow(c, viewer, reported.has(c.id)));
  }

  /** The re-appraisal with its history and the price history of its chain. */
  async get(p: Principal, id: number): Promise<AppraisalCaseRecord> {
    const c = await this.find(p, id);
    const [history, historyList] = await Promise.all([
      this.store.historyOf(c.id),
      casePriceHistory({ records: this.records, cases: this.cases }, recordScope(p), c),
    ]);
    return { ...appraisalCaseView(c, history, { viewer: actorOf(p) }), historyList };
  }

  /**
   * Marks the answer of a succeeded or failed re-appraisal read when its requester opens it; opening
   * it as someone else (a supervisor through the data range) changes nothing. Answers whether the
   * requester has read it.
   */
  async read(p: Principal, id: number): Promise<{ read: boolean }> {
    const c = await this.find(p, id);
    if (c.state === 1) throw ApiError.badRequest(WorkflowMsg.notAllowed);
    return { read: (await openAnswer(this.store, p, c, () => this.find(p, id))).context.read };
  }

  async file(p: Principal, id: number, index: number): Promise<{ stream: Readable; name: string; type: string; size: number }> {
    const c = await this.find(p, id);
    const f = c.files[index];
    if (!f) throw ApiError.notFound('附件不存在');
    return { stream: await this.storage.getStream(f.key), name: f.name, type: f.type, size: f.size };
  }

  private async find(p: Principal, id: number): Promise<AppraisalCaseEntity> {
    const c = await this.cases.findInRange(recordScope(p), 'review', id);
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }
}
