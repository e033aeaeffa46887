import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  evalPriceUnit,
  evalPriceValue,
  dateStamp,
  EVAL_TYPE_LABELS,
  filterDayBounds,
  PROPERTY_TYPE_LABELS,
  unitPriceUnit,
  type EvalFilter,
  type EvalListFilter,
} from '@valuation/domain';
import { pagedList, type EvalListRow, type EvalType, type Paged } from '@valuation/contracts';
import { excelDateTime, mapBatches, streamXlsx, XLSX_AMOUNT, XLSX_DATE_TIME, XLSX_PERCENT, type XlsxColumn } from '@valuation/core';
import {
  AppraisalCaseRepository,
  AssetRepository,
  EvalRecordRepository,
  EvalReportRepository,
  StatisticsRepository,
  type DataScope,
  type EvalRecordEntity,
  type EvalRecordFilter,
} from '@valuation/persistence';
import { recordScope } from '../../common/data-scope';
import { cityMatch } from '../../common/list-query';
import type { Principal } from '../../common/principal';
import { RegionService } from '../region/region.service';
import { dateTime, storedRange } from './eval-record.view';

/** Rows of one export at most; the newest are kept. */
export const EVAL_EXPORT_LIMIT = 10_000;

const NOT_GENERATED = '未生成';
const GENERATED = '已生成';

/** A record of the list: the entity with the number of valuations of its property and of answers given for it. */
interface ListedRecord {
  record: EvalRecordEntity;
  historyCount: number;
  answerCount: number;
  /** Report types (1 inquiry, 2 advisory) ordered for the record and not failed. */
  reports: ReadonlySet<number>;
  /** Whether the company keeps the record's property as an asset. */
  asset: boolean;
}

const EXPORT_COLUMNS: readonly XlsxColumn<ListedRecord>[] = [
  { header: '估价编号', width: 28, value: ({ record }) => record.evalCode },
  { header: '估价时间', width: 21, numFmt: XLSX_DATE_TIME, value: ({ record }) => excelDateTime(record.createdAt) },
  { header: '城市', width: 10, value: ({ record }) => record.cityName },
  { header: '证载地址', width: 36, value: ({ record }) => record.cardAddress },
  { header: '小区/位置', width: 30, value: ({ record }) => record.haName ?? record.location },
  { header: '客户编号', width: 16, value: ({ record }) => record.principalCode },
  { header: '物业类型', width: 10, value: ({ record }) => PROPERTY_TYPE_LABELS[record.propType] ?? '' },
  { header: '面积(㎡)', width: 12, numFmt: XLSX_AMOUNT, value: ({ record }) => Number(record.bldgArea) },
  { header: '估价类型', width: 10, value: ({ record }) => EVAL_TYPE_LABELS[record.evalType] ?? '' },
  {
    header: '估价结果',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ record }) => evalPriceValue(price(record.totalPrice), record.evalType),
    unit: { header: '结果单位', width: 10, value: ({ record }) => evalPriceUnit(record.evalType) },
  },
  { header: '区间下限', width: 14, numFmt: XLSX_AMOUNT, value: ({ record }) => evalPriceValue(storedRange(record)?.low, record.evalType) },
  {
    header: '区间上限',
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: ({ record }) => evalPriceValue(storedRange(record)?.high, record.evalType),
    unit: { header: '区间单位', width: 10, value: ({ record }) => (storedRange(record) ? evalPriceUnit(record.evalType) : '') },
  },
  { header: '预测标准差(FSD)', width: 16, numFmt: XLSX_PERCENT, value: ({ record }) => storedRange(record)?.fsd ?? null },
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
];

function price(v: string | null): number | null {
  return v === null ? null : Number(v);
}

/** The valuation record list and its Excel export, within the caller's record scope. */
@Injectable()
export class EvalRecordListService {
  constructor(
    private readonly records: EvalRecordRepository,
    private readonly reports: EvalReportRepository,
    private readonly cases: AppraisalCaseRepository,
    private readonly assets: AssetRepository,
    private readonly regions: RegionService,
    private readonly statistics: StatisticsRepository,
  ) {}

  async list(p: Principal, q: EvalListFilter): Promise<Paged<EvalListRow>> {
    const scope = recordScope(p);
    const filter = await this.filter(q);
    const { rows, total } = await this.records.page(scope, filter, q, await this.countFromRollup(scope, filter));
    const listed = await this.withHistoryCounts(scope, rows);
    return pagedList(listed.map(toRow), total, q.pageIndex, q.pageSize);
  }

  /** The filtered records (the newest EVAL_EXPORT_LIMIT) as an .xlsx workbook, streamed; EmptyExportError (暂无数据) when there are none. */
  async export(p: Principal, q: EvalFilter): Promise<{ content: Readable; fileName: string }> {
    const scope = recordScope(p);
    const batches = this.records.batches(scope, await this.filter(q), EVAL_EXPORT_LIMIT);
    const content = await streamXlsx(
      { sheetName: '估价记录', columns: EXPORT_COLUMNS },
      mapBatches(batches, (records) => this.withHistoryCounts(scope, records)),
    );
    return { content, fileName: `估价记录_${dateStamp()}.xlsx` };
  }

  /** The number of records when only days are filtered: the usage rollup has it without counting every record. */
  private countFromRollup(scope: DataScope, f: EvalRecordFilter): Promise<number | null> | null {
    const onlyDays = !f.city && !f.cardAddress && !f.location && !f.propType && !f.evalType;
    return onlyDays ? this.statistics.recordCount(scope, f.from ?? null, f.until ?? null) : null;
  }

  private async filter(q: EvalFilter): Promise<EvalRecordFilter> {
    return {
      city: await cityMatch(this.regions, q.city),
      cardAddress: q.cardAddress,
      location: q.location,
      ...filterDayBounds(q.beginDate, q.endDate),
      propType: q.type,
      evalType: q.evalType,
    };
  }

  /**
   * Counts the valuations of each record's property that the caller may see, and the answered
   * manual enquiries and re-appraisals with a price that stem from them (its history), and whether
   * the company keeps the property as an asset.
   */
  private async withHistoryCounts(scope: DataScope, records: readonly EvalRecordEntity[]): Promise<ListedRecord[]> {
    if (records.length === 0) return [];
    const roots = [...new Set(records.map((r) => r.rootEvalCode))];
    const [byRoot, answers, reports, inAssets] = await Promise.all([
      this.records.countsByProperty(scope, roots),
      this.cases.answeredCountsByProperty(scope, roots),
      this.reports.liveTypesByRecord(records.map((r) => r.evalCode)),
      scope.companyId === null
        ? new Set<string>()
        : this.assets.propertiesInAssets({ tenantId: scope.tenantId, companyId: scope.companyId }, roots),
    ]);
    return records.map((record) => ({
      record,
      historyCount: byRoot.get(record.rootEvalCode) ?? 1,
      answerCount: answers.get(record.rootEvalCode) ?? 0,
      reports: reports.get(record.evalCode) ?? new Set(),
      asset: inAssets.has(record.rootEvalCode),
    }));
  }
}

function toRow({ record: r, historyCount, answerCount, reports, asset }: ListedRecord): EvalListRow {
  return {
    id: Number(r.id),
    evalCode: r.evalCode,
    evalDate: dateTime(r.createdAt),
    cityName: r.cityName,
    cardAddress: r.cardAddress,
    location: r.haName ?? r.location,
    haName: r.haName,
    principalCode: r.principalCode,
    propType: r.propType,
    proprtname: PROPERTY_TYPE_LABELS[r.propType] ?? '',
    bldgArea: Number(r.bldgArea),
    evalType: r.evalType as EvalType,
    method: r.method,
    totalPrice: price(r.totalPrice),
    unitPrice: price(r.unitPrice),
    range: storedRange(r),
    inquiry: reports.has(1),
    advisory: reports.has(2),
    historyCount,
    answerCount,
    asset,
    state: r.state,
  };
}
