import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import {
  evalPriceUnit,
  evalPriceValue,
  dateStamp,
  EVAL_TYPE_LABELS,
  filterDayBounds,
  ListMsg,
  PROPERTY_TYPE_LABELS,
  type EvalFilter,
  type EvalListFilter,
} from '@valuation/domain';
import type { EvalListRow, EvalType, Paged } from '@valuation/contracts';
import type { EvalRecordEntity } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { buildXlsx, excelDateTime, XLSX_AMOUNT, XLSX_DATE_TIME, type XlsxColumn } from '../../common/xlsx-export';
import { RegionService } from '../region/region.service';
import { scopedEvalRecords } from './eval-record.scope';
import { dateTime } from './eval-record.view';
import { answeredCaseCounts } from './price-history';

/** Rows of one export at most; the newest are kept. */
export const EVAL_EXPORT_LIMIT = 10_000;

const NOT_GENERATED = '未生成';
const GENERATED = '已生成';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A record of the list: the entity with the number of valuations of its property and of answers given for it. */
interface ListedRecord {
  record: EvalRecordEntity;
  historyCount: number;
  answerCount: number;
  /** Report types (1 inquiry, 2 advisory) ordered for the record and not failed. */
  reports: ReadonlySet<number>;
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
  { header: '估价结果', width: 14, numFmt: XLSX_AMOUNT, value: ({ record }) => evalPriceValue(price(record.totalPrice), record.evalType) },
  { header: '结果单位', width: 10, value: ({ record }) => evalPriceUnit(record.evalType) },
  { header: '单价', width: 14, numFmt: XLSX_AMOUNT, value: ({ record }) => price(record.unitPrice) },
  { header: '单价单位', width: 12, value: ({ record }) => (record.evalType === 2 ? '元/月/㎡' : '元/㎡') },
  { header: '询值报告', width: 10, value: ({ reports }) => (reports.has(1) ? GENERATED : NOT_GENERATED) },
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
    @InjectDataSource() private readonly ds: DataSource,
    private readonly regions: RegionService,
  ) {}

  async list(p: Principal, q: EvalListFilter): Promise<Paged<EvalListRow>> {
    const qb = await this.filtered(p, q);
    const [records, total] = await qb
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .getManyAndCount();
    const listed = await this.withHistoryCounts(p, records);
    return {
      list: listed.map(toRow),
      pages: Math.ceil(total / q.pageSize),
      pageNum: q.pageIndex,
      total,
    };
  }

  /** The filtered records as an .xlsx workbook; 404 暂无数据 when there are none. */
  async export(p: Principal, q: EvalFilter): Promise<{ content: Buffer; fileName: string }> {
    const records = await (await this.filtered(p, q)).limit(EVAL_EXPORT_LIMIT).getMany();
    if (records.length === 0) throw ApiError.notFound(ListMsg.noData);
    const content = await buildXlsx('估价记录', EXPORT_COLUMNS, await this.withHistoryCounts(p, records));
    return { content, fileName: `估价记录_${dateStamp()}.xlsx` };
  }

  private async filtered(p: Principal, q: EvalFilter): Promise<SelectQueryBuilder<EvalRecordEntity>> {
    const qb = scopedEvalRecords(this.ds, p);
    if (q.city) {
      const city = await this.regions.resolveCity(q.city);
      if (city) qb.andWhere('r.cityCode = :cityCode', { cityCode: city.code });
      else qb.andWhere('r.cityName = :cityName', { cityName: q.city });
    }
    if (q.cardAddress) qb.andWhere(`r.cardAddress ILIKE :cardAddress ESCAPE '\\'`, { cardAddress: likePattern(q.cardAddress) });
    if (q.location)
      qb.andWhere(`(r.haName ILIKE :location ESCAPE '\\' OR r.location ILIKE :location ESCAPE '\\')`, {
        location: likePattern(q.location),
      });
    const { from, until } = filterDayBounds(q.beginDate, q.endDate);
    if (from) qb.andWhere('r.createdAt >= :begin', { begin: from });
    if (until) qb.andWhere('r.createdAt < :end', { end: until });
    if (q.type) qb.andWhere('r.propType = :propType', { propType: q.type });
    if (q.evalType) qb.andWhere('r.evalType = :evalType', { evalType: q.evalType });
    return qb.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC');
  }

  /**
   * Counts the valuations of each record's property that the caller may see, and the answered
   * manual enquiries and re-appraisals with a price that stem from them (its history).
   */
  private async withHistoryCounts(p: Principal, records: EvalRecordEntity[]): Promise<ListedRecord[]> {
    if (records.length === 0) return [];
    const roots = [...new Set(records.map((r) => r.rootEvalCode))];
    const counts: { root: string; n: string }[] = await scopedEvalRecords(this.ds, p)
      .select('r.rootEvalCode', 'root')
      .addSelect('COUNT(*)', 'n')
      .andWhere('r.rootEvalCode IN (:...roots)', { roots })
      .groupBy('r.rootEvalCode')
      .getRawMany();
    const byRoot = new Map(counts.map((c) => [c.root, Number(c.n)]));
    const answers = await answeredCaseCounts(this.ds, p, roots);
    const reports: { code: string; type: number }[] = await this.ds.query(
      `SELECT eval_code AS code, report_type AS type FROM eval_report WHERE eval_code = ANY($1::varchar[]) AND state IN (1, 2)`,
      [records.map((r) => r.evalCode)],
    );
    const byCode = new Map<string, Set<number>>();
    for (const r of reports) byCode.set(r.code, (byCode.get(r.code) ?? new Set()).add(r.type));
    return records.map((record) => ({
      record,
      historyCount: byRoot.get(record.rootEvalCode) ?? 1,
      answerCount: answers.get(record.rootEvalCode) ?? 0,
      reports: byCode.get(record.evalCode) ?? new Set(),
    }));
  }
}

function toRow({ record: r, historyCount, answerCount, reports }: ListedRecord): EvalListRow {
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
    inquiry: reports.has(1),
    advisory: reports.has(2),
    historyCount,
    answerCount,
    asset: false,
    state: r.state,
  };
}
