import type { Readable } from 'node:stream';
import { Injectable, type StreamableFile } from '@nestjs/common';
import { fileDownload } from '../../common/file-download';
import { pagedList, type AppraisalCaseRecord, type AppraisalCaseView, type ArtificialSubmitted, type Paged } from '@valuation/contracts';
import {
  AppraisalCaseStore,
  appraisalCaseView,
  CaseConflictError,
  CaseFileRefusal,
  CaseNotFoundError,
  CaseRefusedError,
  caseTime,
  excelDateTime,
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
  ARTIFICIAL_STATE_LABELS,
  ARTIFICIAL_STATUS_LABELS,
  ArtificialMsg,
  artificialStatusOf,
  dateStamp,
  EVAL_TYPE_LABELS,
  filterDayBounds,
  isCaseRequester,
  evalPriceUnit,
  evalPriceValue,
  type ArtificialAdd,
  type ArtificialFilter,
  type ArtificialIdAdd,
  type ArtificialListQuery,
  type ArtificialListRow,
  type CaseActor,
} from '@valuation/domain';
import {
  AppraisalCaseRepository,
  EvalRecordRepository,
  EvalReportRepository,
  UnitOfWork,
  type AppraisalCaseEntity,
  type AppraisalCaseFilter,
  type CaseFile,
} from '@valuation/persistence';
import { ObjectStorage } from '@valuation/storage';
import { ApiError, Reply } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import { cityMatch } from '../../common/list-query';
import type { Principal } from '../../common/principal';
import { uploadedFileName } from '../batch/batch-file.reader';
import { casePriceHistory } from '../eval/price-history';
import { RegionService } from '../region/region.service';
import { openAnswer } from '../../common/appraisal-case.read';
import { actorOf } from '../../common/appraisal-case.scope';

/** An identical pending request of the same account within this time returns the case filed first. */
export const ARTIFICIAL_REPEAT_MS = 10_000;
export const ARTIFICIAL_EXPORT_LIMIT = 10_000;

const money = (v: string | null) => (v === null ? null : Number(v));
const blankToNull = (v: string | undefined | null) => (v ? v : null);

function listRow(c: AppraisalCaseEntity, viewer: CaseActor, advisory = false): ArtificialListRow {
  return {
    id: Number(c.id),
    caseNo: c.caseNo,
    submitTime: caseTime(c.createdAt),
    cityName: c.cityName,
    cardAddress: c.cardAddress,
    location: c.haName ?? c.location,
    principalCode: c.principalCode,
    reviewTotalPrice: money(c.reviewTotalPrice),
    state: c.state,
    status: artificialStatusOf(c.state),
    evalType: c.evalType,
    advisory,
    read: c.state === 1 || c.state === 4 || c.context.read,
    ownRequest: isCaseRequester(c.context, viewer),
  };
}

const EXPORT_COLUMNS: readonly XlsxColumn<AppraisalCaseEntity>[] = [
  { header: '询价编号', width: 22, value: (c) => c.caseNo },
  { header: '提交时间', width: 21, numFmt: XLSX_DATE_TIME, value: (c) => excelDateTime(c.createdAt) },
  { header: '城市', width: 10, value: (c) => c.cityName },
  { header: '证载地址', width: 36, value: (c) => c.cardAddress },
  { header: '小区/位置', width: 30, value: (c) => c.haName ?? c.location },
  { header: '客户编号', width: 16, value: (c) => c.principalCode },
  { header: '估价类型', width: 10, value: (c) => EVAL_TYPE_LABELS[c.evalType] ?? '' },
  {
    header: '人工估价总价',
    width: 16,
    numFmt: XLSX_AMOUNT,
    value: (c) => evalPriceValue(money(c.reviewTotalPrice), c.evalType),
    unit: { header: '总价单位', width: 10, value: (c) => evalPriceUnit(c.evalType) },
  },
  { header: '估价状态', width: 10, value: (c) => ARTIFICIAL_STATE_LABELS[c.state] },
  { header: '处理状态', width: 10, value: (c) => ARTIFICIAL_STATUS_LABELS[artificialStatusOf(c.state)] },
];

/** Manual enquiries of the user side: filing them with their attachments, the list, the result. */
@Injectable()
export class ArtificialService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cases: AppraisalCaseRepository,
    private readonly records: EvalRecordRepository,
    private readonly reports: EvalReportRepository,
    private readonly store: AppraisalCaseStore,
    private readonly storage: ObjectStorage,
    private readonly regions: RegionService,
  ) {}

  /** A request from the house information of the quick valuation form. */
  async add(p: Principal, body: ArtificialAdd, files: readonly UploadedCaseFile[]): Promise<Reply<ArtificialSubmitted>> {
    const h = body.houseInfo;
    return this.submit(p, files, {
      evalType: body.evalType,
      evalCode: null,
      initiate: null,
      sourceId: null,
      cityCode: h.cityCode,
      cityName: (await this.regions.resolveCity(h.cityCode))?.name ?? (h.cityName || h.cityCode),
      haCode: blankToNull(h.haInfo.haCode),
      haName: blankToNull(h.haInfo.haName),
      cardAddress: blankToNull(h.cardAddress),
      location: blankToNull(h.location),
      bldgArea: h.bldgArea === undefined ? null : h.bldgArea.toFixed(2),
      principalCode: blankToNull(h.principalCode),
      houseInfo: h,
      reason: body.reason,
      otherReason: body.reason === 3 ? body.otherReason : blankToNull(body.otherReason),
      remark: body.remark,
    });
  }

  /** A request from a valuation the caller may read (sourceId: its evalCode or record id). */
  async addFromValuation(p: Principal, body: ArtificialIdAdd, files: readonly UploadedCaseFile[]): Promise<Reply<ArtificialSubmitted>> {
    const record = await this.records.findByCodeOrId(recordScope(p), body.sourceId);
    if (!record) throw ApiError.notFound(ArtificialMsg.sourceInvalid);
    return this.submit(p, files, {
      evalType: body.evalType,
      evalCode: record.evalCode,
      initiate: body.initiate,
      sourceId: record.id,
      cityCode: record.cityCode,
      cityName: record.cityName,
      haCode: record.haCode,
      haName: record.haName,
      cardAddress: record.cardAddress,
      location: record.location,
      bldgArea: record.bldgArea,
      principalCode: record.principalCode,
      houseInfo: { ...(record.input as Record<string, unknown>), evalCode: record.evalCode, method: record.method, state: record.state },
      reason: body.reason,
      otherReason: body.reason === 3 ? body.otherReason : blankToNull(body.otherReason),
      remark: body.remark,
    });
  }

  /**
   * Checks and stores the attachments, then files the case in one transaction, unless the same
   * account filed the same pending request moments ago (the single-submit guard): then that case is
   * answered and the new attachments are removed again.
   */
  private async submit(
    p: Principal,
    files: readonly UploadedCaseFile[],
    request: Omit<
      NewCase,
      'kind' | 'tenantId' | 'companyId' | 'organizationId' | 'accountId' | 'files' | 'proposedPrice' | 'originalPrice'
    >,
  ): Promise<Reply<ArtificialSubmitted>> {
    const uploads = files.map((f) => ({ ...f, originalname: uploadedFileName(f.originalname) }));
    let stored: CaseFile[];
    try {
      stored = await storeCaseFiles(this.storage, p.tenantId, uploads);
    } catch (error) {
      if (error instanceof CaseFileRefusal) throw ApiError.badRequest(error.message);
      throw error;
    }
    const actor = actorOf(p);
    try {
      const outcome = await this.uow.run(async (m) => {
        await this.cases.lockSubmissions(m, p.id);
        const same = await this.cases.findRepeatedEnquiry(m, {
          tenantId: p.tenantId,
          accountId: p.id,
          since: new Date(Date.now() - ARTIFICIAL_REPEAT_MS),
          evalType: request.evalType,
          reason: request.reason,
          cityCode: request.cityCode,
          evalCode: request.evalCode,
          haName: request.haName,
          cardAddress: request.cardAddress,
          remark: request.remark,
        });
        if (same) return { entity: same, repeated: true };
        const entity = await this.store.create(
          m,
          {
            ...request,
            kind: 'artificial',
            tenantId: p.tenantId,
            companyId: p.companyId!,
            organizationId: p.organizationId!,
            accountId: p.id,
            source: p.client,
            proposedPrice: null,
            originalPrice: null,
            files: stored,
          },
          actor,
        );
        return { entity, repeated: false };
      });
      if (outcome.repeated) await removeCaseFiles(this.storage, stored);
      const { entity, repeated } = outcome;
      return new Reply(
        { id: Number(entity.id), caseNo: entity.caseNo, state: entity.state, repeated },
        repeated ? ArtificialMsg.alreadySubmitted : ArtificialMsg.success,
      );
    } catch (error) {
      await removeCaseFiles(this.storage, stored);
      throw error;
    }
  }

  async list(p: Principal, q: ArtificialListQuery): Promise<Paged<ArtificialListRow>> {
    const { rows, total } = await this.cases.page(recordScope(p), 'artificial', await this.filter(q), q);
    const reported = await this.reports.casesWithLiveAdvisory(
      p.tenantId,
      rows.map((c) => c.id),
    );
    const viewer = actorOf(p);
    return pagedList(
      rows.map((c) => listRow(c, viewer, reported.has(c.id))),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  /** The filtered enquiries (the newest ARTIFICIAL_EXPORT_LIMIT) as an .xlsx workbook, streamed. */
  async export(p: Principal, q: ArtificialFilter): Promise<{ content: Readable; fileName: string }> {
    const batches = this.cases.batches(recordScope(p), 'artificial', await this.filter(q), ARTIFICIAL_EXPORT_LIMIT);
    const content = await streamXlsx({ sheetName: '人工询价', columns: EXPORT_COLUMNS }, batches);
    return { content, fileName: `人工询价_${dateStamp()}.xlsx` };
  }

  /** The case with its history and the price history of its chain; opening it does not mark it read. */
  async get(p: Principal, id: number): Promise<AppraisalCaseRecord> {
    const c = await this.readable(p, id);
    const [history, historyList] = await Promise.all([
      this.store.historyOf(c.id),
      casePriceHistory({ records: this.records, cases: this.cases }, recordScope(p), c),
    ]);
    return { ...appraisalCaseView(c, history, { viewer: actorOf(p) }), historyList };
  }

  /**
   * Marks an answered (state 2 or 3) case read when its requester opens it; reading it again, or
   * opening it as someone else (a supervisor through the data range), changes nothing.
   */
  async read(p: Principal, id: number): Promise<AppraisalCaseView> {
    const c = await this.readable(p, id);
    if (c.state === 1) throw ApiError.badRequest(ArtificialMsg.notAnswered);
    const current = await openAnswer(this.store, p, c, () => this.readable(p, id));
    return appraisalCaseView(current, await this.store.historyOf(c.id), { viewer: actorOf(p) });
  }

  /**
   * The requester takes back a pending enquiry no appraiser has claimed (WITHDRAW). The state check
   * and the write are one versioned update, so a claim and a withdrawal racing cannot both succeed:
   * the loser is re-checked against the state the winner left and refused with its reason.
   * Manual enquiries charge no quota, so nothing is refunded.
   */
  async withdraw(p: Principal, id: number): Promise<Reply<AppraisalCaseView>> {
    const c = await this.readable(p, id);
    const event = { type: 'WITHDRAW', actor: actorOf(p) } as const;
    let updated: AppraisalCaseEntity;
    try {
      try {
        updated = await this.store.apply(c.id, p.tenantId, event, c.version);
      } catch (error) {
        if (!(error instanceof CaseConflictError)) throw error;
        updated = await this.store.apply(c.id, p.tenantId, event);
      }
    } catch (error) {
      if (error instanceof CaseRefusedError) throw ApiError.badRequest(error.message);
      if (error instanceof CaseConflictError) throw ApiError.conflict(error.message);
      if (error instanceof CaseNotFoundError) throw ApiError.notFound(error.message);
      throw error;
    }
    return new Reply(appraisalCaseView(updated, await this.store.historyOf(updated.id), { viewer: actorOf(p) }), ArtificialMsg.withdrawn);
  }

  /** Answered manual enquiries of the caller's own that it has not opened (the header badge). */
  unreadCount(p: Principal): Promise<number> {
    return this.store.unreadCount('artificial', p.tenantId, p.id);
  }

  async file(p: Principal, id: number, index: number): Promise<StreamableFile> {
    const c = await this.readable(p, id);
    const f = c.files[index];
    if (!f) throw ApiError.notFound('附件不存在');
    return fileDownload({ content: await this.storage.getBuffer(f.key), name: f.name, type: f.type });
  }

  private async readable(p: Principal, id: number): Promise<AppraisalCaseEntity> {
    const c = await this.cases.findInRange(recordScope(p), 'artificial', id);
    if (!c) throw ApiError.notFound('记录不存在');
    return c;
  }

  /** City (by the city it names), community, address or location, date range, and status (1 pending, 2 answered or refused). */
  private async filter(q: ArtificialFilter): Promise<AppraisalCaseFilter> {
    return {
      city: await cityMatch(this.regions, q.city),
      place: q.location,
      ...filterDayBounds(q.beginDate, q.endDate),
      states: q.status === 1 ? [1] : q.status === 2 ? [2, 3] : q.status === 3 ? [4] : undefined,
    };
  }
}
