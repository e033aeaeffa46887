import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { pagedList, type AssetList, type AssetRow, type EvalHistoryItem, type EvalType } from '@valuation/contracts';
import { excelDateTime, mapBatches, streamXlsx, XLSX_AMOUNT, XLSX_DATE_TIME, type XlsxColumn } from '@valuation/core';
import {
  ASSET_LOG_LABELS,
  AssetMsg,
  AssetTypeMsg,
  dateStamp,
  EVAL_TYPE_LABELS,
  evalPriceUnit,
  evalPriceValue,
  filterDayBounds,
  formatDateTime,
  unitPriceUnit,
  SALE_PRICE_UNIT,
  LoanMsg,
  loanToValue,
  type AssetFilter,
  type AssetListFilter,
  type AssetLoanInput,
  type AssetUpdate,
  type LoanCells,
  type RecordSnapshot,
} from '@valuation/domain';
import {
  AppraisalCaseRepository,
  AssetRepository,
  AssetTypeRepository,
  EvalRecordRepository,
  EvalReportRepository,
  UnitOfWork,
  type AssetEntity,
  type AssetFilterQuery,
  type AssetListed,
  type DataScope,
  type EvalRecordEntity,
  type Transaction,
} from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import { cityMatch } from '../../common/list-query';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';
import { assetOwner } from '../asset-type/asset-type.service';
import { valuationPriceHistory } from '../eval/price-history';
import { RegionService } from '../region/region.service';

/** Rows of one export at most; the last added are kept. */
export const ASSET_EXPORT_LIMIT = 10_000;

const NOT_GENERATED = '未生成';
const GENERATED = '已生成';
const UNTYPED = '无类型';

/** An asset of the list with its property's history counts and the reports of its latest valuation. */
interface ListedAsset extends AssetListed {
  historyCount: number;
  answerCount: number;
  reports: ReadonlySet<number>;
}

const price = (v: string | null) => (v === null ? null : Number(v));

const EXPORT_COLUMNS: readonly XlsxColumn<ListedAsset>[] = [
  { header: '资产类型', width: 14, value: ({ typeName }) => typeName ?? UNTYPED },
  { header: '估价编号', width: 28, value: ({ record }) => record.evalCode },
  { header: '估价时间', width: 21, numFmt: XLSX_DATE_TIME, value: ({ record }) => excelDateTime(record.createdAt) },
  { header: '城市', width: 10, value: ({ record }) => record.cityName },
  { header: '证载地址', width: 36, value: ({ record }) => record.cardAddress },
  { header: '小区/位置', width: 30, value: ({ record }) => record.haName ?? record.location },
  { header: '面积(㎡)', width: 12, numFmt: XLSX_AMOUNT, value: ({ record }) => Number(record.bldgArea) },
  { header: '估价类型', width: 10, value: ({ record }) => EVAL_TYPE_LABELS[record.evalType] ?? '' },
  {
    header: '估价结果',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ record }) => evalPriceValue(price(record.totalPrice), record.evalType),
    unit: { header: '结果单位', width: 10, value: ({ record }) => evalPriceUnit(record.evalType) },
  },
  {
    header: '单价',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ record }) => price(record.unitPrice),
    unit: { header: '单价单位', width: 12, value: ({ record }) => unitPriceUnit(record.evalType === 2 ? 2 : 1) },
  },
  { header: '询价报告', width: 10, value: ({ reports }) => (reports.has(1) ? GENERATED : NOT_GENERATED) },
  { header: '咨询报告', width: 10, value: ({ reports }) => (reports.has(2) ? GENERATED : NOT_GENERATED) },
  { header: '估价次数', width: 10, value: ({ historyCount }) => historyCount },
  { header: '贷款编号', width: 20, value: ({ asset }) => asset.loanNo },
  {
    header: '贷款余额',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ asset }) => evalPriceValue(price(asset.loanAmount), 1),
    unit: { header: '贷款余额单位', width: 12, value: ({ asset }) => (asset.loanNo ? SALE_PRICE_UNIT : '') },
  },
  { header: '放款日期', width: 12, value: ({ asset }) => asset.loanDate },
  { header: '加入时间', width: 21, numFmt: XLSX_DATE_TIME, value: ({ asset }) => excelDateTime(asset.createdAt) },
];

/** The fields of an asset the operation log keeps. */
const snapshot = (evalCode: string, typeName: string | null): RecordSnapshot => ({ evalCode, assetType: typeName ?? UNTYPED });

const target = (a: AssetEntity, evalCode: string) => ({ type: 'asset', id: a.id, name: evalCode });

type LoanFields = Pick<AssetEntity, 'loanNo' | 'loanAmount' | 'loanDate' | 'loanOriginValue'>;

/** The loan of an asset as the operation log keeps it. */
const loanSnapshot = (evalCode: string, l: LoanFields): RecordSnapshot => ({
  evalCode,
  loanNo: l.loanNo,
  loanAmount: l.loanAmount,
  loanDate: l.loanDate,
  loanOriginValue: l.loanOriginValue,
});

/**
 * The company's assets: valuation records added to its asset book. An asset follows its property,
 * so the list shows the latest valuation of the property the caller may see, and its history is
 * that of the property. Read within the records' data range; every change is logged.
 */
@Injectable()
export class AssetService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly assets: AssetRepository,
    private readonly types: AssetTypeRepository,
    private readonly records: EvalRecordRepository,
    private readonly reports: EvalReportRepository,
    private readonly cases: AppraisalCaseRepository,
    private readonly regions: RegionService,
    private readonly log: AdminLog,
  ) {}

  async list(p: Principal, q: AssetListFilter): Promise<AssetList> {
    const scope = recordScope(p);
    const filter = await this.filter(q);
    const [{ rows, total }, totals] = await Promise.all([this.assets.page(scope, filter, q), this.assets.totals(scope, filter)]);
    const listed = await this.withHistory(scope, rows);
    return {
      pageInfo: pagedList(listed.map(toRow), total, q.pageIndex, q.pageSize),
      amount: evalPriceValue(totals.sale, 1) ?? 0,
      rentAmount: evalPriceValue(totals.rent, 2) ?? 0,
    };
  }

  /** The filtered assets (the last added ASSET_EXPORT_LIMIT) as an .xlsx workbook, streamed; 暂无数据 when there are none. */
  async export(p: Principal, q: AssetFilter): Promise<{ content: Readable; fileName: string }> {
    const scope = recordScope(p);
    const batches = this.assets.batches(scope, await this.filter(q), ASSET_EXPORT_LIMIT);
    const content = await streamXlsx(
      { sheetName: '资产', columns: EXPORT_COLUMNS },
      mapBatches(batches, (rows) => this.withHistory(scope, rows)),
    );
    return { content, fileName: `资产_${dateStamp()}.xlsx` };
  }

  /** The valuations of the asset's property and the answered appraisals that stem from them, newest first. */
  async history(p: Principal, id: number): Promise<EvalHistoryItem[]> {
    const scope = recordScope(p);
    const asset = await this.assets.find(scope, id);
    if (!asset) throw ApiError.notFound(AssetMsg.notFound);
    return valuationPriceHistory(this.cases, scope, await this.records.ofProperty(scope, asset.rootEvalCode));
  }

  /** Adds the property of a valuation record the caller may see to the company's assets; a property already there is refused. */
  async add(p: Principal, evalId: number, ip: string | undefined): Promise<Reply<{ id: number }>> {
    const scope = recordScope(p);
    const owner = assetOwner(p, AssetMsg.recordNotFound);
    const record = await this.records.findById(scope, evalId);
    if (!record || record.companyId !== owner.companyId) throw ApiError.notFound(AssetMsg.recordNotFound);
    const saved = await this.uow.run((m) => this.addRecord(m, p, record, ip));
    return new Reply({ id: saved.id }, AssetMsg.added);
  }

  /**
   * Adds the property of a valuation record of the caller's company to its assets in the caller's
   * transaction, logged; a property already there is refused.
   */
  async addRecord(m: Transaction, p: Principal, record: EvalRecordEntity, ip: string | undefined): Promise<AssetEntity> {
    const owner = assetOwner(p, AssetMsg.recordNotFound);
    if (await this.assets.ofProperty(m, owner, record.rootEvalCode)) throw ApiError.badRequest(AssetMsg.alreadyAdded);
    const row = await this.assets.insert(m, {
      ...owner,
      organizationId: record.organizationId,
      accountId: record.accountId,
      evalRecordId: record.id,
      rootEvalCode: record.rootEvalCode,
      addedBy: p.id,
      addedName: clip(p.userName, 20),
    });
    if (!row) throw ApiError.badRequest(AssetMsg.alreadyAdded);
    await this.log.write(m, p, ip, {
      action: '加入资产',
      target: target(row, record.evalCode),
      after: snapshot(record.rootEvalCode, null),
      labels: ASSET_LOG_LABELS,
    });
    return row;
  }

  /** Gives an asset a type of the company, or none. */
  async setType(p: Principal, input: AssetUpdate, ip: string | undefined): Promise<Reply<null>> {
    const scope = recordScope(p);
    const owner = assetOwner(p, AssetMsg.notFound);
    await this.uow.run(async (m) => {
      const asset = await this.assets.findForChange(m, scope, input.id);
      if (!asset) throw ApiError.notFound(AssetMsg.notFound);
      const before = asset.assetTypeId === null ? null : await this.types.findForChange(m, asset.assetTypeId, owner);
      const next = input.assetType === null ? null : await this.types.findForChange(m, input.assetType, owner);
      if (input.assetType !== null && !next) throw ApiError.badRequest(AssetTypeMsg.notFound);
      await this.assets.setType(m, asset.id, next?.id ?? null);
      const code = asset.rootEvalCode;
      await this.log.write(m, p, ip, {
        action: '设置资产类型',
        target: target(asset, code),
        before: snapshot(code, before?.name ?? null),
        after: snapshot(code, next?.name ?? null),
        labels: ASSET_LOG_LABELS,
      });
    });
    return new Reply(null, AssetMsg.typeSet);
  }

  /** Sets the loan the asset secures, or clears it (`loan` null); a loan number already on another asset of the company is refused. */
  async setLoan(p: Principal, id: number, loan: AssetLoanInput | null, ip: string | undefined): Promise<Reply<null>> {
    const scope = recordScope(p);
    assetOwner(p, AssetMsg.notFound);
    await this.uow.run(async (m) => {
      const asset = await this.assets.findForChange(m, scope, id);
      if (!asset) throw ApiError.notFound(AssetMsg.notFound);
      await this.writeLoan(m, p, asset, loan, ip);
    });
    return new Reply(null, loan ? LoanMsg.saved : LoanMsg.cleared);
  }

  /**
   * Sets or clears the loan of an asset of the caller's company in the caller's transaction,
   * logged; a loan number already on another asset of the company is refused.
   */
  async writeLoan(m: Transaction, p: Principal, asset: AssetEntity, loan: LoanCells | null, ip: string | undefined): Promise<void> {
    const owner = { tenantId: asset.tenantId, companyId: asset.companyId };
    if (loan && (await this.assets.loanTaken(m, owner, loan.loanNo, asset.id))) throw ApiError.badRequest(LoanMsg.duplicateLoanNo);
    const next = {
      loanNo: loan?.loanNo ?? null,
      loanAmount: loan ? loan.loanAmount.toFixed(2) : null,
      loanDate: loan?.loanDate ?? null,
      loanOriginValue: loan ? loan.originValue.toFixed(2) : null,
    };
    await this.assets.setLoan(m, asset.id, next);
    const code = asset.rootEvalCode;
    await this.log.write(m, p, ip, {
      action: loan ? '设置贷款信息' : '清除贷款信息',
      target: target(asset, code),
      before: loanSnapshot(code, asset),
      after: loanSnapshot(code, next),
      labels: ASSET_LOG_LABELS,
    });
  }

  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    const scope = recordScope(p);
    const owner = assetOwner(p, AssetMsg.notFound);
    await this.uow.run(async (m) => {
      const asset = await this.assets.findForChange(m, scope, id);
      if (!asset) throw ApiError.notFound(AssetMsg.notFound);
      const type = asset.assetTypeId === null ? null : await this.types.findForChange(m, asset.assetTypeId, owner);
      const code = asset.rootEvalCode;
      await this.assets.delete(m, asset.id);
      await this.log.write(m, p, ip, {
        action: '删除资产',
        target: target(asset, code),
        before: snapshot(code, type?.name ?? null),
        after: null,
        labels: ASSET_LOG_LABELS,
      });
    });
    return new Reply(null, AssetMsg.deleted);
  }

  private async filter(q: AssetFilter): Promise<AssetFilterQuery> {
    return {
      city: await cityMatch(this.regions, q.city),
      cardAddress: q.cardAddress,
      location: q.location,
      ...filterDayBounds(q.beginDate, q.endDate),
      evalType: q.evalType,
      assetType: q.assetType,
    };
  }

  /** Counts the valuations of each asset's property and the answered appraisals that stem from them, within the scope. */
  private async withHistory(scope: DataScope, rows: readonly AssetListed[]): Promise<ListedAsset[]> {
    if (rows.length === 0) return [];
    const roots = [...new Set(rows.map((r) => r.asset.rootEvalCode))];
    const [byRoot, answers, reports] = await Promise.all([
      this.records.countsByProperty(scope, roots),
      this.cases.answeredCountsByProperty(scope, roots),
      this.reports.liveTypesByRecord(rows.map((r) => r.record.evalCode)),
    ]);
    return rows.map((row) => ({
      ...row,
      historyCount: byRoot.get(row.asset.rootEvalCode) ?? 1,
      answerCount: answers.get(row.asset.rootEvalCode) ?? 0,
      reports: reports.get(row.record.evalCode) ?? new Set(),
    }));
  }
}

function toRow({ asset, record: r, typeName, historyCount, answerCount, reports }: ListedAsset): AssetRow {
  return {
    id: asset.id,
    assetType: typeName === null ? null : asset.assetTypeId,
    assetTypeName: typeName,
    evalId: Number(r.id),
    evalCode: r.evalCode,
    city: r.cityName,
    ha: r.haName,
    evalDate: formatDateTime(r.createdAt),
    location: r.haName ?? r.location,
    cardAddress: r.cardAddress,
    principalCode: r.principalCode,
    bldgArea: Number(r.bldgArea),
    evalType: r.evalType as EvalType,
    totalPrice: price(r.totalPrice),
    unitPrice: price(r.unitPrice),
    inquiry: reports.has(1),
    advisory: reports.has(2),
    historyCount,
    answerCount,
    addTime: formatDateTime(asset.createdAt),
    addedBy: asset.addedName,
    loanNo: asset.loanNo,
    loanAmount: price(asset.loanAmount),
    loanDate: asset.loanDate,
    loanOriginValue: price(asset.loanOriginValue),
    ltv: r.evalType === 1 ? loanToValue(price(asset.loanAmount), price(r.totalPrice)) : null,
  };
}
