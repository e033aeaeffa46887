import { randomInt } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { businessDate, businessNow, dateStamp, RESIDENTIAL, riskCoefficientLabel, type ValuationRequest } from '@valuation/domain';
import {
  EvalRecordEntity,
  preparedQuery,
  RiskCoefficientRepository,
  TenantEntity,
  type ApplicableCoefficient,
} from '@valuation/persistence';
import { Metrics } from '@valuation/queue';
import {
  ALL_METHODS,
  type ConfidenceClass,
  type MethodNumber,
  type MethodResult,
  type TradeType,
  type ValuationResult,
  valuate,
} from '@valuation/valuation';
import { parseCoordType, RegionResolver, toWgs84 } from '../geo';
import { REGIONS_TTL_MS, SETTINGS_TTL_MS, TtlCache } from '../cache';
import { QuotaService } from '../quota';
import { MarketLoader, type SubjectCommunity } from './market-loader.service';
import { NoPropertyFoundError } from './valuation.errors';

/** Who asks for a valuation; every record and charge is scoped by these. */
export interface ValuationActor {
  tenantId: number;
  companyId: number;
  organizationId: number;
  accountId: number;
}

export interface ValuationOutcome {
  evalCode: string;
  state: 1 | 2;
  record: EvalRecordEntity;
  result: ValuationResult;
}

export interface ValuationOptions {
  /** The client that asked: 1 PC (the default), 2 APP, 3 WeChat. */
  source?: number;
  /** The batch task whose row is valued. */
  batchTaskId?: string;
  /** The first valuation of the property, for re-valuations. */
  rootEvalCode?: string;
  /** What pays: rapid (quick valuation), batch... */
  refType?: string;
  cityName?: string;
  businessTypeName?: string | null;
}

/** Valuation codes: EV, the date, then fourteen random digits. */
export function newEvalCode(on = businessNow()): string {
  const date = dateStamp(on);
  const digits = Array.from({ length: 14 }, () => randomInt(10)).join('');
  return `EV${date}${digits}`;
}

function tenantFlags(tenant: TenantEntity | null): { evalFlags: MethodNumber[]; evalClass: ConfidenceClass } {
  const flags = (tenant?.evalFlags ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n): n is MethodNumber => ALL_METHODS.includes(n as MethodNumber));
  const cls = tenant?.evalClass;
  return { evalFlags: flags.length ? flags : [...ALL_METHODS], evalClass: cls === 'A' || cls === 'B' ? cls : 'C' };
}

const money = (n: number | null | undefined) => (n === null || n === undefined ? null : n.toFixed(2));

/**
 * A method's answer as the record keeps it: the figures and blend details without the per-case
 * adjustments, which the engine version, the input and the market case ids reproduce.
 */
function storedMethod({ provenance, ...method }: MethodResult) {
  return { ...method, provenance: { baseline: provenance.baseline, details: provenance.details, caseCount: provenance.cases.length } };
}

/**
 * The automatic valuation of one property, shared by quick valuation and batch valuation: find the
 * community, load its market, value it with the engine, and (when valued) charge one count and
 * store the record in one transaction.
 */
@Injectable()
export class ValuationService {
  private readonly tenants = new TtlCache<TenantEntity | null>(SETTINGS_TTL_MS);
  private readonly risks = new TtlCache<ApplicableCoefficient | null>(SETTINGS_TTL_MS);
  private readonly regions = new TtlCache<RegionResolver>(REGIONS_TTL_MS, 1);
  private recordColumns: ColumnMetadata[] | null = null;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly market: MarketLoader,
    private readonly quota: QuotaService,
    private readonly riskCoefficients: RiskCoefficientRepository,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /**
   * Forgets the risk coefficients this process holds, so the next valuation reads them again:
   * called after a change of coefficients (or of the business types they name) commits.
   */
  forgetRiskCoefficients(): void {
    this.risks.clear();
  }

  /** Forgets the channels' valuation methods this process holds: called after a channel changes them. */
  forgetTenantSettings(): void {
    this.tenants.clear();
  }

  async resolveCommunity(req: ValuationRequest): Promise<SubjectCommunity | null> {
    if (req.haInfo) {
      const byCode = await this.market.communityByCode(req.cityCode, req.haInfo.haCode);
      if (byCode) return byCode;
    }
    if (req.gpsInfo) {
      const [lon, lat] = req.gpsInfo.coord.split(',').map(Number);
      const point = toWgs84({ lon, lat }, parseCoordType(req.gpsInfo.coordType) ?? 'bd09ll');
      const near = await this.market.communityNear(req.cityCode, point.lat, point.lon);
      if (near) return near;
    }
    const address = req.cardAddress ?? req.haInfo?.haName ?? null;
    return address ? this.market.communityByAddress(req.cityCode, address) : null;
  }

  /** Values the property; throws NoPropertyFoundError (nothing to value) or QuotaExhaustedError. */
  async value(
    actor: ValuationActor,
    req: ValuationRequest,
    evalType: TradeType,
    options: ValuationOptions = {},
  ): Promise<ValuationOutcome> {
    const community = await this.resolveCommunity(req);
    if (!community) throw new NoPropertyFoundError('community');
    let appraised: Awaited<ReturnType<ValuationService['appraise']>>;
    try {
      appraised = await this.appraise(actor, req, evalType, community, options);
    } catch (error) {
      if (error instanceof NoPropertyFoundError) this.metrics?.countValuation(null);
      throw error;
    }
    const { evalCode, record, result } = appraised;
    if (result.state !== 1) {
      await this.insertRecord(record);
      this.metrics?.countValuation(result);
      return { evalCode, state: 2, record, result };
    }
    // The charge, its ledger row and the record: one statement.
    await this.quota.consumeValuation(
      this.ds.manager,
      req.cityCode,
      { tenantId: actor.tenantId, accountId: actor.accountId, refType: options.refType ?? 'rapid', refId: evalCode },
      { name: 'eval-record', table: 'eval_record', ...this.recordsInsert([record], 8) },
    );
    this.metrics?.countValuation(result);
    return { evalCode, state: 1, record, result };
  }

  /**
   * Values the property in a known community with the engine and builds its record, without
   * storing or charging anything: batch valuation stores the records of rows paid for up front.
   * Throws NoPropertyFoundError when the engine gives no value.
   */
  async appraise(
    actor: ValuationActor,
    req: ValuationRequest,
    evalType: TradeType,
    community: SubjectCommunity,
    options: ValuationOptions = {},
  ): Promise<{ evalCode: string; record: EvalRecordEntity; result: ValuationResult }> {
    const now = businessNow();
    const [market, tenant, risk, regions] = await Promise.all([
      this.market.load(community, evalType, req.propType, now),
      this.tenants.get(String(actor.tenantId), () => this.ds.getRepository(TenantEntity).findOneBy({ id: actor.tenantId })),
      this.riskCoefficient(actor, community, req.businessTypeId),
      this.regions.get('all', () => RegionResolver.load(this.ds)),
    ]);
    const result = valuate({
      subject: {
        propType: req.propType,
        communityCode: community.haCode,
        area: req.bldgArea,
        floor: req.floor,
        totalFloors: req.bheight,
        rooms: req.br,
        halls: req.propType === RESIDENTIAL ? req.lr : null,
        baths: req.ba,
        face: req.face,
        decoration: req.intDeco,
        buildYear: req.buildYear ?? community.buildYear,
        buildingType: req.bldgType,
      },
      tradeType: evalType,
      valuationDate: businessDate(now),
      ...tenantFlags(tenant),
      riskCoefficient: risk?.coefficient ?? null,
      market,
    });
    if (result.state === null || result.totalPrice === null) throw new NoPropertyFoundError(result.reason ?? 'no-value');

    const evalCode = newEvalCode(now);
    const record = this.record(
      actor,
      req,
      evalType,
      community,
      result,
      evalCode,
      market.cases.map((c) => Number(c.id)),
      risk,
      // Records name their city as the region table does (北京市), whatever the client sent.
      { ...options, cityName: options.cityName ?? regions.name(req.cityCode) ?? undefined },
    );
    return { evalCode, record, result };
  }

  /** Stores a record that nothing is charged for (the insert of recordsInsert, prepared); its id. */
  private async insertRecord(record: EvalRecordEntity): Promise<string> {
    const insert = this.recordsInsert([record], 1);
    const [row] = await preparedQuery<{ id: string }>(
      this.ds,
      'insert-eval-record',
      `INSERT INTO eval_record ${insert.sql} RETURNING id`,
      insert.params,
    );
    return String(row.id);
  }

  /**
   * Many records in one statement: `(columns) SELECT columns FROM jsonb_populate_recordset(...)`
   * reading one JSON document, keyed by column name, bound as `$first`. One native JSON.stringify
   * costs this process far less than escaping every value into a typed array per column; the
   * database, which has the time, parses it once.
   */
  recordsInsert(records: readonly EvalRecordEntity[], first: number): { sql: string; params: unknown[] } {
    const columns = this.insertedColumns();
    const names = columns.map((c) => `"${c.databaseName}"`).join(', ');
    const rows = records.map((record) => {
      const row: Record<string, unknown> = {};
      for (const c of columns) row[c.databaseName] = c.getEntityValue(record) ?? null;
      return row;
    });
    return {
      sql: `(${names}) SELECT ${names} FROM jsonb_populate_recordset(null::eval_record, $${first}::jsonb)`,
      params: [JSON.stringify(rows)],
    };
  }

  /** Columns a record insert writes: every column but the generated id and the creation time. */
  private insertedColumns(): ColumnMetadata[] {
    if (!this.recordColumns) {
      this.recordColumns = this.ds.getMetadata(EvalRecordEntity).columns.filter((c) => !c.isGenerated && !c.isCreateDate);
    }
    return this.recordColumns;
  }

  /** The most specific coefficient of the caller's company for the region and business type (see RiskCoefficientRepository.applicable). */
  private riskCoefficient(
    actor: ValuationActor,
    community: SubjectCommunity,
    businessTypeId: number | null,
  ): Promise<ApplicableCoefficient | null> {
    const key = [actor.tenantId, actor.companyId, community.cityCode, community.distCode, businessTypeId].join('|');
    return this.risks.get(key, () =>
      this.riskCoefficients.applicable(
        { tenantId: actor.tenantId, companyId: actor.companyId },
        community.cityCode,
        community.distCode,
        businessTypeId,
      ),
    );
  }

  private record(
    actor: ValuationActor,
    req: ValuationRequest,
    evalType: TradeType,
    community: SubjectCommunity,
    result: ValuationResult,
    evalCode: string,
    marketCaseIds: number[],
    risk: ApplicableCoefficient | null,
    options: ValuationOptions,
  ): EvalRecordEntity {
    const point = req.gpsInfo ? req.gpsInfo.coord.split(',').map(Number) : null;
    const wgs = point ? toWgs84({ lon: point[0], lat: point[1] }, parseCoordType(req.gpsInfo!.coordType) ?? 'bd09ll') : null;
    return this.ds.getRepository(EvalRecordEntity).create({
      evalCode,
      rootEvalCode: options.rootEvalCode ?? evalCode,
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      organizationId: actor.organizationId,
      accountId: actor.accountId,
      evalType,
      source: options.source ?? 1,
      batchTaskId: options.batchTaskId ?? null,
      method: result.method!,
      state: result.state!,
      confidenceClass: result.confidenceClass,
      communityId: community.id,
      haCode: community.haCode,
      haName: community.name,
      cityCode: req.cityCode,
      cityName: options.cityName ?? req.cityName,
      distCode: community.distCode,
      propType: req.propType,
      businessTypeId: req.businessTypeId,
      businessTypeName: options.businessTypeName ?? req.business,
      principalCode: req.principalCode,
      principal: req.principal,
      owner: req.owner,
      cardAddress: req.cardAddress,
      location: community.address || community.name,
      gpsLon: wgs?.lon ?? community.lon,
      gpsLat: wgs?.lat ?? community.lat,
      buildNo: req.buildNo === null ? null : String(req.buildNo),
      unit: req.unit === null ? null : String(req.unit),
      roomNo: req.roomNo === null ? null : String(req.roomNo),
      bldgArea: req.bldgArea.toFixed(2),
      br: req.br,
      lr: req.lr,
      ba: req.ba,
      floor: req.floor,
      bheight: req.bheight,
      face: req.face,
      intDeco: req.intDeco,
      indoStru: req.indoStru,
      bldgType: req.bldgType,
      bldgstruCode: req.bldgstruCode,
      buildYear: req.buildYear,
      totalPrice: money(result.totalPrice),
      unitPrice: money(result.unitPrice),
      sampleCount: result.sample.count,
      samplePriceMax: money(result.sample.max),
      samplePriceMin: money(result.sample.min),
      samplePriceAvg: money(result.sample.avg),
      riskCoefficient: risk === null ? null : risk.coefficient.toFixed(2),
      riskTotalPrice: money(result.riskTotalPrice),
      riskCoefficientId: risk?.id ?? null,
      riskCoefficientLabel: risk === null ? null : riskCoefficientLabel(risk, risk.businessName, risk.coefficient),
      engineVersion: result.engineVersion,
      input: { ...req, evalType },
      result: {
        samples: result.samples,
        betas: result.betas,
        trend: result.trend,
        range: result.range,
        methods: result.methods.map(storedMethod),
        provenance: result.provenance,
        marketCaseIds,
      },
    });
  }
}
