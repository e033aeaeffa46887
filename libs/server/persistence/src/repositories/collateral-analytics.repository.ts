import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { StructureCell } from '@valuation/domain';
import { AssetEntity, DriftAlertEntity, EvalRecordEntity, PriceIndexEntity, RevalItemEntity, RevalRunEntity } from '../entities';
import { escapeLike, inDataRange, type DataScope } from '../query';
import type { AssetOwner } from './asset-type.repository';

/** A finished run: its id and when it started. */
export interface FinishedRun {
  id: number;
  createdAt: Date;
}

/** The valued items of a run in one region (a city or a district), with the chain link to the run before. */
export interface TrendCell {
  runId: number;
  code: string;
  assets: number;
  valueTotal: number;
  loanTotal: number;
  /** The values, in this run and the run before, of the assets valued in both. */
  linkedValue: number;
  linkedPrevValue: number;
  matched: number;
}

export interface TrendFilter {
  cityCode?: string;
  distCode?: string;
}

/** Where an asset is and what it is, from the valuation record it was added from. */
export interface AnalysedAsset {
  asset: AssetEntity;
  cityCode: string;
  distCode: string | null;
  haCode: string | null;
  haName: string | null;
  propType: number;
  bldgArea: number;
}

export interface AssetRunPoint {
  runId: number;
  createdAt: Date;
  value: number;
  unitPrice: number | null;
  confidenceClass: string | null;
  loanAmount: number | null;
  ltv: number | null;
}

export interface AssetValuationPoint {
  createdAt: Date;
  value: number;
  unitPrice: number | null;
  confidenceClass: string | null;
}

export interface CommunityRunPoint {
  runId: number;
  createdAt: Date;
  items: number;
  avgUnitPrice: number;
  /** The unit prices, in this run and the run before, of the items valued in both. */
  linkedValue: number;
  linkedPrevValue: number;
}

export interface RunSummary {
  assets: number;
  loanAssets: number;
  valueTotal: number;
  loanTotal: number;
  /** The value of the assets carrying a loan. */
  securedValue: number;
}

export interface MoverRow {
  assetId: number;
  cityCode: string;
  haName: string | null;
  loanNo: string | null;
  prevValue: number;
  value: number;
}

export interface LoanAssetRow {
  assetId: number;
  loanNo: string;
  haName: string | null;
  cityCode: string;
}

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * What the loan analytics read of the revaluation runs: the company's finished runs, and their
 * items, alerts and assets within the caller's records data range (by the asset's organisation and
 * account), summed in the database.
 */
@Injectable()
export class CollateralAnalyticsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The company's finished runs, oldest first; the latest `limit` when given. */
  async finishedRuns(owner: AssetOwner, limit?: number): Promise<FinishedRun[]> {
    const qb = this.ds
      .getRepository(RevalRunEntity)
      .createQueryBuilder('r')
      .select(['r.id', 'r.createdAt'])
      .where('r.tenantId = :tenantId AND r.companyId = :companyId AND r.state = 2', owner)
      .orderBy('r.id', 'DESC');
    if (limit) qb.limit(limit);
    const rows = await qb.getMany();
    return rows.map((r) => ({ id: Number(r.id), createdAt: r.createdAt })).reverse();
  }

  /** The valued items of the scope in a finished run of the company, joined to their run. */
  private valuedItems(scope: DataScope, owner: AssetOwner): SelectQueryBuilder<RevalItemEntity> {
    return inDataRange(this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'), 'i', scope)
      .innerJoin(RevalRunEntity, 'r', 'r.id = i.runId AND r.state = 2 AND r.tenantId = :ownerTenant AND r.companyId = :ownerCompany', {
        ownerTenant: owner.tenantId,
        ownerCompany: owner.companyId,
      })
      .andWhere('i.state = 1');
  }

  /** The same asset's valued item in the company's finished run before, joined as `p` (none for a first valuation). */
  private withPrevious(qb: SelectQueryBuilder<RevalItemEntity>): SelectQueryBuilder<RevalItemEntity> {
    return qb.leftJoin(
      RevalItemEntity,
      'p',
      `p.assetId = i.assetId AND p.state = 1 AND p.runId = (
         SELECT max(q.id) FROM reval_run q WHERE q.tenant_id = :ownerTenant AND q.company_id = :ownerCompany AND q.state = 2 AND q.id < i.run_id)`,
    );
  }

  /**
   * Per finished run and region (cities, or districts with `byDistrict`): the items' counts and sums,
   * and the values of the assets valued also in the company's finished run before it.
   */
  async trendCells(scope: DataScope, owner: AssetOwner, filter: TrendFilter, byDistrict: boolean): Promise<TrendCell[]> {
    const region = byDistrict ? "coalesce(i.distCode, '')" : 'i.cityCode';
    const qb = this.withPrevious(this.valuedItems(scope, owner))
      .select('i.runId', 'runId')
      .addSelect(region, 'code')
      .addSelect('count(*)::int', 'assets')
      .addSelect('sum(i.totalPrice)', 'valueTotal')
      .addSelect('coalesce(sum(i.loanAmount), 0)', 'loanTotal')
      .addSelect('coalesce(sum(i.totalPrice) FILTER (WHERE p.id IS NOT NULL), 0)', 'linkedValue')
      .addSelect('coalesce(sum(p.totalPrice), 0)', 'linkedPrevValue')
      .addSelect('count(p.id)::int', 'matched')
      .groupBy('i.runId')
      .addGroupBy(region)
      .orderBy('i.runId', 'ASC');
    if (filter.cityCode) qb.andWhere('i.cityCode = :cityCode', { cityCode: filter.cityCode });
    if (filter.distCode) qb.andWhere('i.distCode = :distCode', { distCode: filter.distCode });
    const rows: Record<string, string | number | null>[] = await qb.getRawMany();
    return rows.map((r) => ({
      runId: Number(r.runId),
      code: String(r.code ?? ''),
      assets: num(r.assets),
      valueTotal: num(r.valueTotal),
      loanTotal: num(r.loanTotal),
      linkedValue: num(r.linkedValue),
      linkedPrevValue: num(r.linkedPrevValue),
      matched: num(r.matched),
    }));
  }

  /** The valued items of a run in the scope, summed by every key of the structure; `bandBounds` are the lower bounds of the LTV bands after the first. */
  async structureCells(scope: DataScope, runId: number, bandBounds: readonly number[]): Promise<StructureCell[]> {
    const rows: Record<string, string | number | null>[] = await inDataRange(
      this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'),
      'i',
      scope,
    )
      .leftJoin(AssetEntity, 'a', 'a.id = i.assetId')
      .andWhere('i.runId = :runId AND i.state = 1', { runId: String(runId) })
      .select('i.cityCode', 'cityCode')
      .addSelect('i.distCode', 'distCode')
      .addSelect('i.propType', 'propType')
      .addSelect('i.confidenceClass', 'confidenceClass')
      .addSelect('width_bucket(i.ltv, CAST(:bounds AS numeric[]))', 'ltvBand')
      .addSelect('CASE WHEN i.loanNo IS NULL THEN NULL ELSE extract(year FROM a.loanDate)::int END', 'vintage')
      .addSelect('count(*)::int', 'count')
      .addSelect('sum(i.totalPrice)', 'valueTotal')
      .addSelect('coalesce(sum(i.loanAmount), 0)', 'loanTotal')
      .addSelect('coalesce(sum(i.ltv), 0)', 'ltvSum')
      .addSelect('count(i.ltv)::int', 'ltvCount')
      .setParameter('bounds', [...bandBounds])
      .groupBy('1, 2, 3, 4, 5, 6')
      .getRawMany();
    return rows.map((r) => ({
      cityCode: String(r.cityCode),
      distCode: r.distCode === null ? null : String(r.distCode),
      propType: Number(r.propType),
      confidenceClass: r.confidenceClass === null ? null : String(r.confidenceClass),
      ltvBand: numOrNull(r.ltvBand),
      vintage: numOrNull(r.vintage),
      count: num(r.count),
      valueTotal: num(r.valueTotal),
      loanTotal: num(r.loanTotal),
      ltvSum: num(r.ltvSum),
      ltvCount: num(r.ltvCount),
    }));
  }

  /** An asset of the scope with where it is, from the valuation record it was added from; null outside the scope. */
  async findAsset(scope: DataScope, id: number): Promise<AnalysedAsset | null> {
    const asset = await inDataRange(this.ds.getRepository(AssetEntity).createQueryBuilder('a'), 'a', scope)
      .andWhere('a.id = :id', { id })
      .getOne();
    if (!asset) return null;
    const record = await this.ds.getRepository(EvalRecordEntity).findOneBy({ id: asset.evalRecordId });
    return {
      asset,
      cityCode: record?.cityCode ?? '',
      distCode: record?.distCode ?? null,
      haCode: record?.haCode ?? null,
      haName: record?.haName ?? null,
      propType: record?.propType ?? 11,
      bldgArea: num(record?.bldgArea),
    };
  }

  /** The asset's valued items in the company's finished runs, oldest first. */
  async assetRuns(owner: AssetOwner, assetId: number): Promise<AssetRunPoint[]> {
    const rows: Record<string, string | Date | null>[] = await this.ds
      .getRepository(RevalItemEntity)
      .createQueryBuilder('i')
      .innerJoin(RevalRunEntity, 'r', 'r.id = i.runId AND r.state = 2')
      .where('i.tenantId = :tenantId AND i.companyId = :companyId', owner)
      .andWhere('i.assetId = :assetId AND i.state = 1', { assetId })
      .select('i.runId', 'runId')
      .addSelect('r.createdAt', 'createdAt')
      .addSelect('i.totalPrice', 'value')
      .addSelect('i.unitPrice', 'unitPrice')
      .addSelect('i.confidenceClass', 'confidenceClass')
      .addSelect('i.loanAmount', 'loanAmount')
      .addSelect('i.ltv', 'ltv')
      .orderBy('i.runId', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      runId: Number(r.runId),
      createdAt: new Date(r.createdAt as Date),
      value: num(r.value as string),
      unitPrice: numOrNull(r.unitPrice as string | null),
      confidenceClass: (r.confidenceClass as string | null) ?? null,
      loanAmount: numOrNull(r.loanAmount as string | null),
      ltv: numOrNull(r.ltv as string | null),
    }));
  }

  /** The valued sale valuations of the asset's property before `before` (all when null), oldest first. */
  async assetValuations(asset: AssetEntity, before: Date | null): Promise<AssetValuationPoint[]> {
    const qb = this.ds
      .getRepository(EvalRecordEntity)
      .createQueryBuilder('e')
      .where('e.tenantId = :tenantId AND e.companyId = :companyId AND e.rootEvalCode = :root', {
        tenantId: asset.tenantId,
        companyId: asset.companyId,
        root: asset.rootEvalCode,
      })
      .andWhere('e.evalType = 1 AND e.state = 1 AND e.totalPrice IS NOT NULL')
      .orderBy('e.createdAt', 'ASC');
    if (before) qb.andWhere('e.createdAt < :before', { before });
    const rows = await qb.getMany();
    return rows.map((e) => ({
      createdAt: e.createdAt,
      value: num(e.totalPrice),
      unitPrice: numOrNull(e.unitPrice),
      confidenceClass: e.confidenceClass,
    }));
  }

  /** The scope's valued items of a community in each finished run of the company: their mean unit price and the chain link to the run before; oldest first. */
  async communityRuns(scope: DataScope, owner: AssetOwner, haCode: string): Promise<CommunityRunPoint[]> {
    const rows: Record<string, string | Date | number>[] = await this.withPrevious(this.valuedItems(scope, owner))
      .andWhere('i.haCode = :haCode AND i.unitPrice IS NOT NULL', { haCode })
      .select('i.runId', 'runId')
      .addSelect('r.createdAt', 'createdAt')
      .addSelect('count(*)::int', 'items')
      .addSelect('avg(i.unitPrice)', 'avgUnitPrice')
      .addSelect('coalesce(sum(i.unitPrice) FILTER (WHERE p.unitPrice IS NOT NULL), 0)', 'linkedValue')
      .addSelect('coalesce(sum(p.unitPrice), 0)', 'linkedPrevValue')
      .groupBy('i.runId')
      .addGroupBy('r.createdAt')
      .orderBy('i.runId', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      runId: Number(r.runId),
      createdAt: new Date(r.createdAt as Date),
      items: Number(r.items),
      avgUnitPrice: Number(r.avgUnitPrice),
      linkedValue: Number(r.linkedValue),
      linkedPrevValue: Number(r.linkedPrevValue),
    }));
  }

  /** The community's latest `months` monthly sale price indices of a property type, oldest first. */
  async communityMarket(haCode: string, propType: number, months: number): Promise<PriceIndexEntity[]> {
    const rows = await this.ds.getRepository(PriceIndexEntity).find({
      where: { scope: 'community', scopeCode: haCode, tradeType: 1, propType },
      order: { month: 'DESC' },
      take: months,
    });
    return rows.reverse();
  }

  /** The alerts the asset raised, within the scope, oldest first. */
  assetAlerts(scope: DataScope, assetId: number): Promise<DriftAlertEntity[]> {
    return inDataRange(this.ds.getRepository(DriftAlertEntity).createQueryBuilder('al'), 'al', scope)
      .andWhere('al.assetId = :assetId', { assetId })
      .orderBy('al.id', 'ASC')
      .getMany();
  }

  /** Assets of the scope carrying a loan whose number starts with `loanNo` (any when blank), by loan number. */
  async loanAssets(scope: DataScope, loanNo: string | undefined, limit: number): Promise<LoanAssetRow[]> {
    const qb = inDataRange(this.ds.getRepository(AssetEntity).createQueryBuilder('a'), 'a', scope)
      .innerJoin(EvalRecordEntity, 'e', 'e.id = a.evalRecordId')
      .andWhere('a.loanNo IS NOT NULL')
      .select('a.id', 'assetId')
      .addSelect('a.loanNo', 'loanNo')
      .addSelect('e.haName', 'haName')
      .addSelect('e.cityCode', 'cityCode')
      .orderBy('a.loanNo', 'ASC')
      .limit(limit);
    if (loanNo) qb.andWhere(`a.loanNo ILIKE :prefix ESCAPE '\\'`, { prefix: `${escapeLike(loanNo)}%` });
    const rows: Record<string, string | number | null>[] = await qb.getRawMany();
    return rows.map((r) => ({
      assetId: Number(r.assetId),
      loanNo: String(r.loanNo),
      haName: r.haName === null ? null : String(r.haName),
      cityCode: String(r.cityCode),
    }));
  }

  /** The counts and sums of a run's valued items in the scope. */
  async runSummary(scope: DataScope, runId: number): Promise<RunSummary> {
    const row: Record<string, string | number | null> | undefined = await inDataRange(
      this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'),
      'i',
      scope,
    )
      .andWhere('i.runId = :runId AND i.state = 1', { runId: String(runId) })
      .select('count(*)::int', 'assets')
      .addSelect('count(i.loanAmount)::int', 'loanAssets')
      .addSelect('coalesce(sum(i.totalPrice), 0)', 'valueTotal')
      .addSelect('coalesce(sum(i.loanAmount), 0)', 'loanTotal')
      .addSelect('coalesce(sum(i.totalPrice) FILTER (WHERE i.loanAmount IS NOT NULL), 0)', 'securedValue')
      .getRawOne();
    return {
      assets: num(row?.assets),
      loanAssets: num(row?.loanAssets),
      valueTotal: num(row?.valueTotal),
      loanTotal: num(row?.loanTotal),
      securedValue: num(row?.securedValue),
    };
  }

  /** The number of alerts of each kind a run raised in the scope. */
  async alertCounts(scope: DataScope, runId: number): Promise<Map<string, number>> {
    const rows: { kind: string; count: number }[] = await inDataRange(
      this.ds.getRepository(DriftAlertEntity).createQueryBuilder('al'),
      'al',
      scope,
    )
      .andWhere('al.runId = :runId', { runId: String(runId) })
      .select('al.kind', 'kind')
      .addSelect('count(*)::int', 'count')
      .groupBy('al.kind')
      .getRawMany();
    return new Map(rows.map((r) => [r.kind, Number(r.count)]));
  }

  /** A run's items with a loan in the scope by LTV band (index in the bands; `bandBounds` as in structureCells): their count and loans. */
  async ltvBands(
    scope: DataScope,
    runId: number,
    bandBounds: readonly number[],
  ): Promise<Map<number, { count: number; loanTotal: number }>> {
    const rows: Record<string, string | number>[] = await inDataRange(
      this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'),
      'i',
      scope,
    )
      .andWhere('i.runId = :runId AND i.state = 1 AND i.ltv IS NOT NULL', { runId: String(runId) })
      .select('width_bucket(i.ltv, CAST(:bounds AS numeric[]))', 'band')
      .addSelect('count(*)::int', 'count')
      .addSelect('coalesce(sum(i.loanAmount), 0)', 'loanTotal')
      .setParameter('bounds', [...bandBounds])
      .groupBy('1')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.band), { count: Number(r.count), loanTotal: Number(r.loanTotal) }]));
  }

  /** The `limit` valued items of a run in the scope that moved most from their previous value, down (falls) or up. */
  async movers(scope: DataScope, runId: number, direction: 'fall' | 'rise', limit: number): Promise<MoverRow[]> {
    const ratio = 'i.totalPrice / i.prevValue';
    const rows: Record<string, string | number | null>[] = await inDataRange(
      this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'),
      'i',
      scope,
    )
      .andWhere('i.runId = :runId AND i.state = 1 AND i.prevValue > 0', { runId: String(runId) })
      .andWhere(direction === 'fall' ? `${ratio} < 1` : `${ratio} > 1`)
      .select('i.assetId', 'assetId')
      .addSelect('i.cityCode', 'cityCode')
      .addSelect('i.haName', 'haName')
      .addSelect('i.loanNo', 'loanNo')
      .addSelect('i.prevValue', 'prevValue')
      .addSelect('i.totalPrice', 'value')
      .orderBy(ratio, direction === 'fall' ? 'ASC' : 'DESC')
      .addOrderBy('i.assetId', 'ASC')
      .limit(limit)
      .getRawMany();
    return rows.map((r) => ({
      assetId: Number(r.assetId),
      cityCode: String(r.cityCode),
      haName: r.haName === null ? null : String(r.haName),
      loanNo: r.loanNo === null ? null : String(r.loanNo),
      prevValue: num(r.prevValue),
      value: num(r.value),
    }));
  }

  /** The sums of the scope's valued items in each of the runs. */
  async runTotals(scope: DataScope, runIds: readonly number[]): Promise<Map<number, { valueTotal: number; loanTotal: number }>> {
    if (runIds.length === 0) return new Map();
    const rows: Record<string, string>[] = await inDataRange(this.ds.getRepository(RevalItemEntity).createQueryBuilder('i'), 'i', scope)
      .andWhere('i.runId IN (:...runIds) AND i.state = 1', { runIds: runIds.map(String) })
      .select('i.runId', 'runId')
      .addSelect('coalesce(sum(i.totalPrice), 0)', 'valueTotal')
      .addSelect('coalesce(sum(i.loanAmount), 0)', 'loanTotal')
      .groupBy('i.runId')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.runId), { valueTotal: Number(r.valueTotal), loanTotal: Number(r.loanTotal) }]));
  }
}
