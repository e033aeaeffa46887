import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  pagedList,
  type LoanApplyCollateral,
  type LoanApplyDetail,
  type LoanApplyHistoryItem,
  type LoanApplyView,
  type Paged,
} from '@valuation/contracts';
import { excelDateTime, streamXlsx, XLSX_AMOUNT, XLSX_DATE_TIME, type XlsxColumn } from '@valuation/core';
import {
  approvedAmountRefusal,
  assetHasLoanMessage,
  businessToday,
  dateStamp,
  evalPriceValue,
  filterDayBounds,
  formatDate,
  formatDateTime,
  formatEvalPrice,
  LOAN_APPLY_EVENT_LABELS,
  LOAN_APPLY_LOG_LABELS,
  LOAN_APPLY_NEXT_STATE,
  LOAN_APPLY_STATE_KEYS,
  LOAN_APPLY_STATES,
  LOAN_APPLY_RECORD_CHOICES,
  LoanApplyMsg,
  LoanMsg,
  loanApplyRefusal,
  loanToValue,
  SALE_PRICE_UNIT,
  type LoanApplyDecision,
  type LoanApplyEdit,
  type LoanApplyEvent,
  type LoanApplyFilter,
  type LoanApplyInput,
  type LoanApplyListQuery,
  type LoanApplyState,
  type RecordSnapshot,
} from '@valuation/domain';
import {
  AssetRepository,
  EvalRecordRepository,
  isUniqueViolation,
  LoanApplicationRepository,
  UnitOfWork,
  type AssetOwner,
  type EvalRecordEntity,
  type LoanApplicationEntity,
  type LoanApplicationHistoryEntity,
  type LoanApplicationListed,
  type LoanApplyFilterQuery,
  type Transaction,
} from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AssetService } from '../asset/asset.service';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';

/** Rows of one export at most; the newest are kept. */
export const LOAN_APPLY_EXPORT_LIMIT = 10_000;

const NOT_GENERATED = '未生成';

const amount = (v: string | null) => (v === null ? null : Number(v));

/** An amount in 万元 with two decimals, as the export writes it. */
const wan = (yuan: number | null) => evalPriceValue(yuan, 1, 2);

const EXPORT_COLUMNS: readonly XlsxColumn<LoanApplicationListed>[] = [
  { header: '申请编号', width: 20, value: ({ application: a }) => a.applyNo },
  { header: '申请时间', width: 21, numFmt: XLSX_DATE_TIME, value: ({ application: a }) => excelDateTime(a.createdAt) },
  { header: '借款人', width: 14, value: ({ application: a }) => a.borrower },
  { header: '联系电话', width: 16, value: ({ application: a }) => a.borrowerPhone },
  {
    header: '申请金额',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ application: a }) => wan(Number(a.amount)),
    unit: { header: '申请金额单位', width: 12, value: () => SALE_PRICE_UNIT },
  },
  { header: '期限(月)', width: 10, value: ({ application: a }) => a.term },
  { header: '贷款用途', width: 20, value: ({ application: a }) => a.purpose },
  { header: '估价编号', width: 28, value: ({ application: a }) => a.evalCode },
  { header: '城市', width: 10, value: ({ record }) => record?.cityName ?? null },
  { header: '证载地址', width: 36, value: ({ record }) => record?.cardAddress ?? null },
  { header: '小区/位置', width: 30, value: ({ record }) => (record ? (record.haName ?? record.location) : null) },
  { header: '面积(㎡)', width: 12, numFmt: XLSX_AMOUNT, value: ({ record }) => (record ? Number(record.bldgArea) : null) },
  {
    header: '估价总价',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ record }) => evalPriceValue(amount(record?.totalPrice ?? null), 1),
    unit: { header: '估价总价单位', width: 12, value: ({ record }) => (record ? SALE_PRICE_UNIT : '') },
  },
  { header: '单价(元/㎡)', width: 14, numFmt: XLSX_AMOUNT, value: ({ record }) => amount(record?.unitPrice ?? null) },
  { header: '估价时间', width: 21, numFmt: XLSX_DATE_TIME, value: ({ record }) => (record ? excelDateTime(record.createdAt) : null) },
  { header: '置信度', width: 8, value: ({ record }) => record?.confidenceClass ?? null },
  { header: '申请抵押率(%)', width: 14, numFmt: XLSX_AMOUNT, value: ({ application: a, record }) => ltvOf(a.amount, record) },
  { header: '询价报告', width: 24, value: ({ reports }) => reports.inquiry ?? NOT_GENERATED },
  { header: '咨询报告', width: 24, value: ({ reports }) => reports.advisory ?? NOT_GENERATED },
  { header: '审批状态', width: 10, value: ({ application: a }) => LOAN_APPLY_STATES[a.state as LoanApplyState] ?? '' },
  {
    header: '批准金额',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ application: a }) => wan(amount(a.approvedAmount)),
    unit: { header: '批准金额单位', width: 12, value: ({ application: a }) => (a.approvedAmount === null ? '' : SALE_PRICE_UNIT) },
  },
  { header: '批准抵押率(%)', width: 14, numFmt: XLSX_AMOUNT, value: ({ application: a, record }) => ltvOf(a.approvedAmount, record) },
  { header: '审批意见', width: 40, value: ({ application: a }) => a.opinion },
  { header: '审批人', width: 12, value: ({ application: a }) => a.decidedName },
  { header: '审批日期', width: 12, value: ({ application: a }) => a.decisionDate },
  { header: '贷款编号', width: 20, value: ({ application: a }) => a.loanNo },
  { header: '申请人', width: 12, value: ({ application: a }) => a.createName },
];

/** The loan-to-value of an amount (yuan, as stored) against the valuation total, in percent. */
function ltvOf(value: string | null, record: EvalRecordEntity | null): number | null {
  return loanToValue(amount(value), amount(record?.totalPrice ?? null));
}

/** The fields of an application the operation log keeps. */
const snapshot = (a: Pick<LoanApplicationEntity, keyof typeof LOAN_APPLY_LOG_LABELS>): RecordSnapshot => ({
  applyNo: a.applyNo,
  borrower: a.borrower,
  borrowerPhone: a.borrowerPhone,
  amount: a.amount,
  term: a.term,
  purpose: a.purpose,
  evalCode: a.evalCode,
  state: LOAN_APPLY_STATES[a.state as LoanApplyState] ?? String(a.state),
  approvedAmount: a.approvedAmount,
  opinion: a.opinion,
  decisionDate: a.decisionDate,
  loanNo: a.loanNo,
});

const target = (a: Pick<LoanApplicationEntity, 'id' | 'applyNo'>) => ({ type: 'loan-application', id: a.id, name: a.applyNo });

const stateKey = (state: number) => LOAN_APPLY_STATE_KEYS[state] ?? LOAN_APPLY_STATE_KEYS[0];

/**
 * Loan applications of a customer company, secured by its sale valuations: filed and changed while
 * pending, then approved, rejected or withdrawn once. Approving with a loan number books the loan on
 * the asset of the collateral (adding the property to the assets first) in the same transaction.
 * Read within the caller's records data range; every change is logged and has a history row.
 */
@Injectable()
export class LoanApplicationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: LoanApplicationRepository,
    private readonly records: EvalRecordRepository,
    private readonly assets: AssetRepository,
    private readonly assetService: AssetService,
    private readonly log: AdminLog,
  ) {}

  async list(p: Principal, q: LoanApplyListQuery): Promise<Paged<LoanApplyView>> {
    ownerOf(p);
    const { rows, total } = await this.repo.page(recordScope(p), filterOf(q), q);
    return pagedList(rows.map(toView), total, q.pageIndex, q.pageSize);
  }

  async detail(p: Principal, id: number): Promise<LoanApplyDetail> {
    ownerOf(p);
    const found = await this.repo.find(recordScope(p), id);
    if (!found) throw ApiError.notFound(LoanApplyMsg.notFound);
    const history = await this.repo.history(id);
    return { ...toView(found), history: history.map(toHistoryItem) };
  }

  /** The filtered applications (the newest LOAN_APPLY_EXPORT_LIMIT) as an .xlsx workbook, streamed; 暂无数据 when there are none. */
  async export(p: Principal, q: LoanApplyFilter): Promise<{ content: Readable; fileName: string }> {
    ownerOf(p);
    const content = await streamXlsx(
      { sheetName: '贷款申请', columns: EXPORT_COLUMNS },
      this.repo.batches(recordScope(p), filterOf(q), LOAN_APPLY_EXPORT_LIMIT),
    );
    return { content, fileName: `贷款申请_${dateStamp()}.xlsx` };
  }

  /** The newest sale valuations the caller may see that could secure a loan, found by the keyword. */
  async recordChoices(p: Principal, keyword: string | undefined): Promise<LoanApplyCollateral[]> {
    ownerOf(p);
    const rows = await this.repo.recordChoices(recordScope(p), keyword, LOAN_APPLY_RECORD_CHOICES);
    return rows.map(toCollateral);
  }

  async add(p: Principal, input: LoanApplyInput, ip: string | undefined): Promise<Reply<{ id: number }>> {
    const owner = ownerOf(p);
    await this.collateral(p, owner, input.evalCode);
    const saved = await this.write(async (m) => {
      if (await this.repo.applyNoTaken(m, owner, input.applyNo)) throw ApiError.badRequest(LoanApplyMsg.applyNoTaken);
      const row = await this.repo.insert(m, {
        ...owner,
        organizationId: p.organizationId!,
        accountId: p.id,
        ...fields(input),
        state: 0,
        approvedAmount: null,
        opinion: '',
        decidedBy: null,
        decidedName: null,
        decisionDate: null,
        loanNo: null,
        assetId: null,
        createName: clip(p.userName, 20),
      });
      await this.history(m, p, row.id, 'submit', null, 0);
      await this.log.write(m, p, ip, {
        action: '新增贷款申请',
        target: target(row),
        after: snapshot(row),
        labels: LOAN_APPLY_LOG_LABELS,
      });
      return row;
    }, LoanApplyMsg.applyNoTaken);
    return new Reply({ id: saved.id }, LoanApplyMsg.added);
  }

  async edit(p: Principal, input: LoanApplyEdit, ip: string | undefined): Promise<Reply<null>> {
    const owner = ownerOf(p);
    await this.write(async (m) => {
      const before = await this.pending(m, p, input.id, 'edit');
      if (input.evalCode !== before.evalCode) await this.collateral(p, owner, input.evalCode);
      if (await this.repo.applyNoTaken(m, owner, input.applyNo, before.id)) throw ApiError.badRequest(LoanApplyMsg.applyNoTaken);
      const patch = fields(input);
      await this.repo.update(m, before.id, patch);
      await this.history(m, p, before.id, 'edit', 0, 0);
      await this.log.write(m, p, ip, {
        action: '编辑贷款申请',
        target: target(before),
        before: snapshot(before),
        after: snapshot({ ...before, ...patch }),
        labels: LOAN_APPLY_LOG_LABELS,
      });
    }, LoanApplyMsg.applyNoTaken);
    return new Reply(null, LoanApplyMsg.edited);
  }

  /**
   * Approves (the amount not above the one applied for) or rejects a pending application. An
   * approval with a loan number books the loan on the asset of the collateral: the property is added
   * to the assets when it is not one yet; a loan number already used is refused.
   */
  async decide(p: Principal, input: LoanApplyDecision, ip: string | undefined): Promise<Reply<null>> {
    const owner = ownerOf(p);
    const approve = input.state === 1;
    await this.write(async (m) => {
      const before = await this.pending(m, p, input.id, approve ? 'approve' : 'reject');
      const approved = input.approvedAmount;
      if (approved !== null) {
        const refusal = approvedAmountRefusal(Number(before.amount), approved);
        if (refusal) throw ApiError.badRequest(refusal);
      }
      const decisionDate = businessToday();
      let assetId: number | null = null;
      if (approved !== null && input.loanNo) {
        if (await this.repo.loanNoTaken(m, owner, input.loanNo, before.id)) throw ApiError.badRequest(LoanApplyMsg.loanNoTaken);
        assetId = await this.bookLoan(
          m,
          p,
          owner,
          before.evalCode,
          { loanNo: input.loanNo, loanAmount: approved, loanDate: decisionDate },
          ip,
        );
      }
      const patch = {
        state: input.state,
        approvedAmount: approved === null ? null : approved.toFixed(2),
        opinion: input.opinion,
        decidedBy: p.id,
        decidedName: clip(p.userName, 20),
        decisionDate,
        loanNo: input.loanNo,
        assetId,
      };
      await this.repo.update(m, before.id, patch);
      const detail = approve
        ? { approvedAmount: patch.approvedAmount, loanNo: input.loanNo, opinion: input.opinion || null }
        : { opinion: input.opinion };
      await this.history(m, p, before.id, approve ? 'approve' : 'reject', 0, input.state, detail);
      await this.log.write(m, p, ip, {
        action: approve ? '批准贷款申请' : '拒绝贷款申请',
        target: target(before),
        before: snapshot(before),
        after: snapshot({ ...before, ...patch }),
        labels: LOAN_APPLY_LOG_LABELS,
      });
    }, LoanMsg.duplicateLoanNo);
    return new Reply(null, approve ? LoanApplyMsg.approved : LoanApplyMsg.rejected);
  }

  async withdraw(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    ownerOf(p);
    await this.uow.run(async (m) => {
      const before = await this.pending(m, p, id, 'withdraw');
      const state = LOAN_APPLY_NEXT_STATE.withdraw;
      await this.repo.update(m, before.id, { state });
      await this.history(m, p, before.id, 'withdraw', 0, state);
      await this.log.write(m, p, ip, {
        action: '撤回贷款申请',
        target: target(before),
        before: snapshot(before),
        after: snapshot({ ...before, state }),
        labels: LOAN_APPLY_LOG_LABELS,
      });
    });
    return new Reply(null, LoanApplyMsg.withdrawn);
  }

  /** The sale valuation (with a total) of the caller's data range and company that a loan is to be secured by. */
  private async collateral(p: Principal, owner: AssetOwner, evalCode: string): Promise<EvalRecordEntity> {
    const record = await this.records.findByCode(recordScope(p), evalCode);
    if (!record || record.companyId !== owner.companyId) throw ApiError.badRequest(LoanApplyMsg.recordNotFound);
    if (record.evalType !== 1 || record.totalPrice === null) throw ApiError.badRequest(LoanApplyMsg.recordNotSale);
    return record;
  }

  /** An application of the caller's data range, locked, that the action may change. */
  private async pending(
    m: Transaction,
    p: Principal,
    id: number,
    action: 'edit' | 'approve' | 'reject' | 'withdraw',
  ): Promise<LoanApplicationEntity> {
    const found = await this.repo.findForChange(m, recordScope(p), id);
    if (!found) throw ApiError.notFound(LoanApplyMsg.notFound);
    const refusal = loanApplyRefusal(found.state, action);
    if (refusal) throw ApiError.badRequest(refusal);
    return found;
  }

  /**
   * Books an approved loan on the asset of the collateral's property, adding the property to the
   * assets when it is not one yet; the value at origination is the valuation's total. An asset
   * carrying another loan is refused. The asset's id out.
   */
  private async bookLoan(
    m: Transaction,
    p: Principal,
    owner: AssetOwner,
    evalCode: string,
    loan: { loanNo: string; loanAmount: number; loanDate: string },
    ip: string | undefined,
  ): Promise<number> {
    const record = await this.repo.recordOf(m, owner, evalCode);
    if (!record || record.totalPrice === null) throw ApiError.badRequest(LoanApplyMsg.recordNotFound);
    const asset = (await this.assets.ofProperty(m, owner, record.rootEvalCode)) ?? (await this.assetService.addRecord(m, p, record, ip));
    if (asset.loanNo && asset.loanNo !== loan.loanNo) throw ApiError.badRequest(assetHasLoanMessage(asset.loanNo));
    await this.assetService.writeLoan(m, p, asset, { ...loan, originValue: Number(record.totalPrice) }, ip);
    return asset.id;
  }

  private history(
    m: Transaction,
    p: Principal,
    applicationId: number,
    event: LoanApplyEvent,
    from: number | null,
    to: number,
    data: Record<string, unknown> = {},
  ): Promise<void> {
    return this.repo.addHistory(m, {
      applicationId,
      event,
      fromState: from === null ? null : stateKey(from),
      toState: stateKey(to),
      actorPopulation: 'user',
      actorId: p.id,
      actorName: clip(p.userName, 50),
      data,
    });
  }

  /** Runs a change in one transaction; a unique index refusing it (a number another request took first) answers `taken`. */
  private async write<T>(work: (m: Transaction) => Promise<T>, taken: string): Promise<T> {
    try {
      return await this.uow.run(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.badRequest(taken);
      throw error;
    }
  }
}

/** The caller's company; applications belong to customer companies only. */
function ownerOf(p: Principal): AssetOwner {
  if (p.companyId === null || p.organizationId === null) throw ApiError.notFound(LoanApplyMsg.notFound);
  return { tenantId: p.tenantId, companyId: p.companyId };
}

function filterOf(q: LoanApplyFilter): LoanApplyFilterQuery {
  return { applyNo: q.applyNo, borrower: q.borrower, state: q.state, ...filterDayBounds(q.beginDate, q.endDate) };
}

function fields(input: LoanApplyInput) {
  return {
    applyNo: input.applyNo,
    borrower: input.borrower,
    borrowerPhone: input.borrowerPhone,
    amount: input.amount.toFixed(2),
    term: input.term,
    purpose: input.purpose,
    evalCode: input.evalCode,
  };
}

function toCollateral(r: EvalRecordEntity): LoanApplyCollateral {
  return {
    evalId: Number(r.id),
    evalCode: r.evalCode,
    cityName: r.cityName,
    cardAddress: r.cardAddress,
    location: r.haName ?? r.location,
    bldgArea: Number(r.bldgArea),
    totalPrice: amount(r.totalPrice),
    unitPrice: amount(r.unitPrice),
    evalDate: formatDateTime(r.createdAt),
    confidenceClass: r.confidenceClass,
  };
}

function toView({ application: a, record, reports }: LoanApplicationListed): LoanApplyView {
  return {
    id: a.id,
    applyNo: a.applyNo,
    borrower: a.borrower,
    borrowerPhone: a.borrowerPhone,
    amount: Number(a.amount),
    term: a.term,
    purpose: a.purpose,
    evalCode: a.evalCode,
    collateral: record ? toCollateral(record) : null,
    inquiryReport: reports.inquiry,
    advisoryReport: reports.advisory,
    ltv: ltvOf(a.amount, record),
    state: a.state,
    approvedAmount: amount(a.approvedAmount),
    approvedLtv: ltvOf(a.approvedAmount, record),
    opinion: a.opinion,
    decidedBy: a.decidedBy,
    decidedName: a.decidedName,
    decisionDate: a.decisionDate === null ? null : formatDate(a.decisionDate),
    loanNo: a.loanNo,
    assetId: a.assetId,
    createName: a.createName,
    createTime: formatDateTime(a.createdAt),
    updateTime: formatDateTime(a.updatedAt),
  };
}

const stateOfKey = (key: string | null): number | null => {
  if (key === null) return null;
  const i = (LOAN_APPLY_STATE_KEYS as readonly string[]).indexOf(key);
  return i < 0 ? null : i;
};

/** What a step said, in words: the amount and loan number approved, the opinion. */
function historyDetail(h: LoanApplicationHistoryEntity): string | null {
  const data = h.data as { approvedAmount?: string | null; loanNo?: string | null; opinion?: string | null };
  const parts: string[] = [];
  if (data.approvedAmount) parts.push(`批准金额：${formatEvalPrice(Number(data.approvedAmount), 1, 2)}`);
  if (data.loanNo) parts.push(`贷款编号：${data.loanNo}`);
  if (data.opinion) parts.push(`审批意见：${data.opinion}`);
  return parts.length ? parts.join('；') : null;
}

function toHistoryItem(h: LoanApplicationHistoryEntity): LoanApplyHistoryItem {
  return {
    event: h.event,
    eventName: LOAN_APPLY_EVENT_LABELS[h.event as LoanApplyEvent] ?? h.event,
    fromState: stateOfKey(h.fromState),
    toState: stateOfKey(h.toState) ?? 0,
    actorName: h.actorName,
    time: formatDateTime(h.createdAt),
    detail: historyDetail(h),
  };
}
