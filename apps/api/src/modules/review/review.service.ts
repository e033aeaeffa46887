import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { AppraisalCaseRecord, Paged } from '@valuation/contracts';
import {
  AppraisalCaseStore,
  appraisalCaseView,
  caseTime,
  CaseFileRefusal,
  removeCaseFiles,
  storeCaseFiles,
  type NewCase,
  type UploadedCaseFile,
} from '@valuation/core';
import {
  CASE_FILE_LIMITS,
  CaseFileMsg,
  dateStamp,
  EVAL_TYPE_LABELS,
  isAverageMethod,
  isCaseRequester,
  ListMsg,
  PROPERTY_TYPE_LABELS,
  REVIEW_STATE_LABELS,
  ReviewMsg,
  WorkflowMsg,
  type CaseActor,
  type ReviewAdd,
  type ReviewFilter,
  type ReviewListQuery,
  type ReviewListRow,
} from '@valuation/domain';
import type { AppraisalCaseEntity, EvalRecordEntity } from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { buildXlsx, excelDateTime, XLSX_AMOUNT, XLSX_DATE_TIME, type XlsxColumn } from '../../common/xlsx-export';
import { uploadedFileName } from '../batch/batch-file.reader';
import { scopedEvalRecords } from '../eval/eval-record.scope';
import { casePriceHistory } from '../eval/price-history';
import { openAnswer } from '../../common/appraisal-case.read';
import { actorOf, casesWithReports, filterCases, scopedCases } from '../../common/appraisal-case.scope';

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
  { header: '原估价(元)', width: 16, numFmt: XLSX_AMOUNT, value: (r) => r.totalPrice },
  { header: '复评价格(元)', width: 16, numFmt: XLSX_AMOUNT, value: (r) => r.reviewTotalPrice },
  { header: '状态', width: 10, value: (r) => REVIEW_STATE_LABELS[r.state] },
  { header: '咨询报告', width: 10, value: (r) => (r.advisory ? '已生成' : '') },
];

/** Re-appraisal requests of the caller's scope: filing, the list and its export, detail, read marks, attachments. */
@Injectable()
export class ReviewService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
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
      const filed = await this.ds.transaction((m) =>
        this.store.create(
          m,
          {
            ...source,
            kind: 'review',
            tenantId: p.tenantId,
            companyId: p.companyId!,
            organizationId: p.organizationId!,
            accountId: p.id,
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
      const record = await scopedEvalRecords(this.ds, p).andWhere('r.evalCode = :code', { code: body.sourceId }).getOne();
      if (!record) throw ApiError.notFound(ReviewMsg.sourceInvalid);
      return recordSource(record, ReviewMsg.averageMethod);
    }
    const c = await scopedCases(this.ds, p, body.initiate === 2 ? 'artificial' : 'review')
      .andWhere('c.id = :id', { id: body.sourceId })
      .getOne();
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
    const [rows, total] = await filterCases(scopedCases(this.ds, p, 'review'), q)
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .getManyAndCount();
    const reported = await casesWithReports(this.ds, p.tenantId, rows);
    const viewer = actorOf(p);
    return {
      list: rows.map((c) => toRow(c, viewer, reported.has(c.id))),
      pages: Math.ceil(total / q.pageSize),
      pageNum: q.pageIndex,
      total,
    };
  }

  async export(p: Principal, q: ReviewFilter): Promise<{ content: Buffer; fileName: string }> {
    const rows = await filterCases(scopedCases(this.ds, p, 'review'), q)
      .limit(REVIEW_EXPORT_LIMIT)
      .getMany();
    if (rows.length === 0) throw ApiError.notFound(ListMsg.noData);
    const reported = await casesWithReports(this.ds, p.tenantId, rows);
    const viewer = actorOf(p);
    const content = await buildXlsx(
      '人工复评记录',
      EXPORT_COLUMNS,
      rows.map((c) => toRow(c, viewer, reported.has(c.id))),
    );
    return { content, fileName: `人工复评记录_${dateStamp()}.xlsx` };
  }

  /** The re-appraisal with its history and the price history of its chain. */
  async get(p: Principal, id: number): Promise<AppraisalCaseRecord> {
    const c = await this.find(p, id);
    const [history, historyList] = await Promise.all([this.store.historyOf(c.id), casePriceHistory(this.ds, p, c)]);
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
    const c = await scopedCases(this.ds, p, 'review').andWhere('c.id = :id', { id }).getOne();
    if (!c) throw ApiError.notFound(WorkflowMsg.notFound);
    return c;
  }
}
