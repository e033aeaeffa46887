import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type {
  LoanAssetOption,
  LoanHouseView,
  LoanMover,
  LoanRunRef,
  LoanScreenView,
  LoanStructureGroup,
  LoanStructureView,
  LoanTrendPoint,
  LoanTrendView,
} from '@valuation/contracts';
import { RegionResolver, streamXlsx, XLSX_AMOUNT, type XlsxColumn } from '@valuation/core';
import {
  businessDate,
  chainIndex,
  changePct,
  dateStamp,
  DRIFT_KIND_LABELS,
  DRIFT_KINDS,
  evalPriceValue,
  formatDateTime,
  LoanAnalyticsMsg,
  loanToValue,
  LTV_BAND_BOUNDS,
  LTV_BANDS,
  RevalMsg,
  SALE_PRICE_UNIT,
  SCREEN_MOVERS,
  SCREEN_TREND_RUNS,
  STRUCTURE_DIMENSION_LABELS,
  STRUCTURE_DIMENSIONS,
  structureGroups,
  structureLabel,
  TREND_TOP_REGIONS,
  type LoanAssetSearch,
  type LoanStructureQuery,
  type LoanTrendQuery,
  type StructureDimension,
} from '@valuation/domain';
import { CollateralAnalyticsRepository, type FinishedRun, type MoverRow, type TrendCell } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { recordScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { assetOwner } from '../asset-type/asset-type.service';
import { RegionService } from '../region/region.service';

/** Months of the community's market index the single-asset analysis shows. */
const MARKET_MONTHS = 24;
/** Assets the loan-number picker offers at most. */
const ASSET_OPTIONS = 20;

const round2 = (n: number) => Math.round(n * 100) / 100;
const runRef = (r: FinishedRun): LoanRunRef => ({ id: r.id, date: businessDate(r.createdAt) });

/** The chain links and sums of the cells of each run, in run order. */
function sumByRun(cells: readonly TrendCell[]): Omit<TrendCell, 'code'>[] {
  const byRun = new Map<number, Omit<TrendCell, 'code'>>();
  for (const c of cells) {
    const s = byRun.get(c.runId) ?? {
      runId: c.runId,
      assets: 0,
      valueTotal: 0,
      loanTotal: 0,
      linkedValue: 0,
      linkedPrevValue: 0,
      matched: 0,
    };
    s.assets += c.assets;
    s.valueTotal += c.valueTotal;
    s.loanTotal += c.loanTotal;
    s.linkedValue += c.linkedValue;
    s.linkedPrevValue += c.linkedPrevValue;
    s.matched += c.matched;
    byRun.set(c.runId, s);
  }
  return [...byRun.values()].sort((a, b) => a.runId - b.runId);
}

function wanColumn<T>(header: string, yuan: (row: T) => number): XlsxColumn<T> {
  return {
    header,
    width: 14,
    numFmt: XLSX_AMOUNT,
    value: (row) => evalPriceValue(yuan(row), 1, 2),
    unit: { header: `${header}单位`, width: 12, value: () => SALE_PRICE_UNIT },
  };
}

const TREND_COLUMNS: readonly XlsxColumn<LoanTrendPoint>[] = [
  { header: '重估任务', width: 10, value: (p) => p.runId },
  { header: '重估日期', width: 12, value: (p) => p.date },
  { header: '已估价资产数', width: 12, value: (p) => p.assets },
  wanColumn('价值合计', (p) => p.valueTotal),
  wanColumn('贷款余额合计', (p) => p.loanTotal),
  { header: '连续重估资产数', width: 14, value: (p) => p.matched },
  { header: '价值指数', width: 10, numFmt: XLSX_AMOUNT, value: (p) => p.index },
  { header: '指数变动(%)', width: 12, numFmt: XLSX_AMOUNT, value: (p) => p.change },
];

interface StructureRow {
  dimension: string;
  group: LoanStructureGroup;
}

const STRUCTURE_COLUMNS: readonly XlsxColumn<StructureRow>[] = [
  { header: '分析维度', width: 12, value: (r) => r.dimension },
  { header: '分组', width: 16, value: (r) => r.group.label },
  { header: '资产数', width: 10, value: (r) => r.group.count },
  wanColumn('价值合计', (r) => r.group.valueTotal),
  wanColumn('贷款余额合计', (r) => r.group.loanTotal),
  { header: '平均抵押率(%)', width: 14, numFmt: XLSX_AMOUNT, value: (r) => r.group.avgLtv },
];

/**
 * The loan analytics of a customer company's asset book, read from its finished revaluation runs
 * within the caller's records data range: the value index over the runs, the book's structure in a
 * run, one asset's history, and the credit committee's dashboard.
 */
@Injectable()
export class CollateralAnalyticsService {
  constructor(
    private readonly repo: CollateralAnalyticsRepository,
    private readonly regions: RegionService,
  ) {}

  async trend(p: Principal, q: LoanTrendQuery): Promise<LoanTrendView> {
    const owner = assetOwner(p, RevalMsg.runNotFound);
    const byDistrict = Boolean(q.cityCode || q.distCode);
    const [runs, cells, regions] = await Promise.all([
      this.repo.finishedRuns(owner),
      this.repo.trendCells(recordScope(p), owner, q, byDistrict),
      this.regions.resolver(),
    ]);
    const dates = new Map(runs.map((r) => [r.id, businessDate(r.createdAt)]));
    const book = sumByRun(cells);
    const index = chainIndex(book);
    const points = book.map((s, k) => ({
      runId: s.runId,
      date: dates.get(s.runId) ?? '',
      assets: s.assets,
      valueTotal: round2(s.valueTotal),
      loanTotal: round2(s.loanTotal),
      matched: s.matched,
      index: index[k],
      change: k === 0 ? null : changePct(index[k], index[k - 1]),
    }));
    const latest = book.at(-1)?.runId;
    const top = cells
      .filter((c) => c.runId === latest)
      .sort((a, b) => b.valueTotal - a.valueTotal || a.code.localeCompare(b.code))
      .slice(0, TREND_TOP_REGIONS);
    const series = top.map(({ code }) => {
      const own = sumByRun(cells.filter((c) => c.code === code));
      const values = chainIndex(own);
      return {
        code,
        name: regionName(regions, code, byDistrict),
        points: own.map((s, k) => ({ runId: s.runId, index: values[k] })),
      };
    });
    return { points, seriesLevel: byDistrict ? 'district' : 'city', series };
  }

  async exportTrend(p: Principal, q: LoanTrendQuery): Promise<{ content: Readable; fileName: string }> {
    const { points } = await this.trend(p, q);
    const content = await streamXlsx({ sheetName: '价值趋势', columns: TREND_COLUMNS }, points);
    return { content, fileName: `价值趋势_${dateStamp()}.xlsx` };
  }

  async structure(p: Principal, q: LoanStructureQuery): Promise<LoanStructureView> {
    const owner = assetOwner(p, RevalMsg.runNotFound);
    const runs = await this.repo.finishedRuns(owner);
    const run = q.runId === undefined ? runs.at(-1) : runs.find((r) => r.id === q.runId);
    if (q.runId !== undefined && !run) throw ApiError.notFound(RevalMsg.runNotFound);
    const [cells, regions] = run
      ? await Promise.all([this.repo.structureCells(recordScope(p), run.id, LTV_BAND_BOUNDS), this.regions.resolver()])
      : [[], null];
    const label = (dim: StructureDimension, key: string) =>
      dim === 'city' || dim === 'district' ? regionName(regions, key, dim === 'district') : structureLabel(dim, key);
    return {
      run: run ? runRef(run) : null,
      runs: runs.map(runRef).reverse(),
      dimensions: STRUCTURE_DIMENSIONS.map((dim) => ({
        key: dim,
        label: STRUCTURE_DIMENSION_LABELS[dim],
        groups: structureGroups(cells, dim).map((g) => ({ ...g, label: label(dim, g.key) })),
      })),
    };
  }

  async exportStructure(p: Principal, q: LoanStructureQuery): Promise<{ content: Readable; fileName: string }> {
    const view = await this.structure(p, q);
    const rows = view.dimensions.flatMap((d) => d.groups.map((group) => ({ dimension: d.label, group })));
    const content = await streamXlsx({ sheetName: '结构分析', columns: STRUCTURE_COLUMNS }, rows);
    return { content, fileName: `结构分析_重估任务${view.run?.id ?? ''}_${dateStamp()}.xlsx` };
  }

  async house(p: Principal, assetId: number): Promise<LoanHouseView> {
    const owner = assetOwner(p, LoanAnalyticsMsg.assetNotFound);
    const scope = recordScope(p);
    const found = await this.repo.findAsset(scope, assetId);
    if (!found) throw ApiError.notFound(LoanAnalyticsMsg.assetNotFound);
    const { asset } = found;
    const runs = await this.repo.assetRuns(owner, asset.id);
    const [valuations, community, market, alerts, regions] = await Promise.all([
      this.repo.assetValuations(asset, runs[0]?.createdAt ?? null),
      found.haCode ? this.repo.communityRuns(scope, owner, found.haCode) : Promise.resolve([]),
      found.haCode ? this.repo.communityMarket(found.haCode, found.propType, MARKET_MONTHS) : Promise.resolve([]),
      this.repo.assetAlerts(scope, asset.id),
      this.regions.resolver(),
    ]);
    const communityIndex = chainIndex(community);
    const amount = (v: string | null) => (v === null ? null : Number(v));
    return {
      asset: {
        id: asset.id,
        cityName: regions.name(found.cityCode) ?? '',
        distName: found.distCode ? (regions.name(found.distCode) ?? '') : '',
        haCode: found.haCode,
        haName: found.haName,
        propType: found.propType,
        bldgArea: found.bldgArea,
        loanNo: asset.loanNo,
        loanAmount: amount(asset.loanAmount),
        loanDate: asset.loanDate,
        originValue: amount(asset.loanOriginValue),
      },
      history: [
        ...valuations.map((v) => ({
          source: 'valuation' as const,
          runId: null,
          date: businessDate(v.createdAt),
          value: v.value,
          unitPrice: v.unitPrice,
          confidenceClass: v.confidenceClass,
          loanAmount: null,
          ltv: null,
        })),
        ...runs.map((r) => ({
          source: 'reval' as const,
          runId: r.runId,
          date: businessDate(r.createdAt),
          value: r.value,
          unitPrice: r.unitPrice,
          confidenceClass: r.confidenceClass,
          loanAmount: r.loanAmount,
          ltv: r.ltv,
        })),
      ],
      community: {
        runs: community.map((c, k) => ({
          runId: c.runId,
          date: businessDate(c.createdAt),
          items: c.items,
          avgUnitPrice: round2(c.avgUnitPrice),
          index: communityIndex[k],
        })),
        market: market.map((m) => ({ month: m.month.slice(0, 7), avgUnitPrice: Number(m.avgUnitPrice), caseCount: m.caseCount })),
      },
      alerts: alerts.map((a) => ({
        id: Number(a.id),
        runId: Number(a.runId),
        kind: a.kind,
        actual: Number(a.actual),
        message: a.message,
        createTime: formatDateTime(a.createdAt),
      })),
    };
  }

  async assetOptions(p: Principal, q: LoanAssetSearch): Promise<LoanAssetOption[]> {
    assetOwner(p, LoanAnalyticsMsg.assetNotFound);
    const [rows, regions] = await Promise.all([this.repo.loanAssets(recordScope(p), q.loanNo, ASSET_OPTIONS), this.regions.resolver()]);
    return rows.map((r) => ({ assetId: r.assetId, loanNo: r.loanNo, haName: r.haName, cityName: regions.name(r.cityCode) ?? '' }));
  }

  async screen(p: Principal): Promise<LoanScreenView> {
    const owner = assetOwner(p, RevalMsg.runNotFound);
    const scope = recordScope(p);
    const runs = await this.repo.finishedRuns(owner, SCREEN_TREND_RUNS);
    const latest = runs.at(-1);
    const refreshTime = formatDateTime(new Date());
    if (!latest) {
      return {
        run: null,
        alerts: DRIFT_KINDS.map((kind) => ({ kind, label: DRIFT_KIND_LABELS[kind], count: 0 })),
        ltvBands: LTV_BANDS.map((b) => ({ label: b.label, count: 0, loanTotal: 0 })),
        falls: [],
        rises: [],
        trend: [],
        refreshTime,
      };
    }
    const [summary, alerts, bands, falls, rises, totals, regions] = await Promise.all([
      this.repo.runSummary(scope, latest.id),
      this.repo.alertCounts(scope, latest.id),
      this.repo.ltvBands(scope, latest.id, LTV_BAND_BOUNDS),
      this.repo.movers(scope, latest.id, 'fall', SCREEN_MOVERS),
      this.repo.movers(scope, latest.id, 'rise', SCREEN_MOVERS),
      this.repo.runTotals(
        scope,
        runs.map((r) => r.id),
      ),
      this.regions.resolver(),
    ]);
    const mover = (m: MoverRow): LoanMover => ({
      assetId: m.assetId,
      cityName: regions.name(m.cityCode) ?? '',
      haName: m.haName,
      loanNo: m.loanNo,
      prevValue: m.prevValue,
      value: m.value,
      change: changePct(m.value, m.prevValue) ?? 0,
    });
    return {
      run: {
        ...runRef(latest),
        assets: summary.assets,
        loanAssets: summary.loanAssets,
        valueTotal: round2(summary.valueTotal),
        loanTotal: round2(summary.loanTotal),
        ltv: loanToValue(summary.loanTotal || null, summary.securedValue || null),
      },
      alerts: DRIFT_KINDS.map((kind) => ({ kind, label: DRIFT_KIND_LABELS[kind], count: alerts.get(kind) ?? 0 })),
      ltvBands: LTV_BANDS.map((b, i) => ({
        label: b.label,
        count: bands.get(i)?.count ?? 0,
        loanTotal: round2(bands.get(i)?.loanTotal ?? 0),
      })),
      falls: falls.map(mover),
      rises: rises.map(mover),
      trend: runs
        .filter((r) => totals.has(r.id))
        .map((r) => ({ ...runRef(r), runId: r.id, ...(totals.get(r.id) ?? { valueTotal: 0, loanTotal: 0 }) }))
        .map(({ runId, date, valueTotal, loanTotal }) => ({ runId, date, valueTotal: round2(valueTotal), loanTotal: round2(loanTotal) })),
      refreshTime,
    };
  }
}

/** A city's or district's name; items without a district are 未知区县. */
function regionName(regions: RegionResolver | null, code: string, district: boolean): string {
  if (!code) return district ? '未知区县' : '未知城市';
  return regions?.name(code) ?? code;
}
