import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { EvalRecordEntity } from '../entities';
import {
  fetchBatches,
  fetchPageFromNearerEnd,
  inDataRange,
  whereCity,
  whereContains,
  whereCreated,
  type CityMatch,
  type CreatedWithin,
  type DataScope,
  type PageRows,
} from '../query';

/** The filters of the valuation record list and its export. */
export interface EvalRecordFilter extends CreatedWithin {
  city?: CityMatch;
  cardAddress?: string;
  /** Community name or location. */
  location?: string;
  propType?: number;
  evalType?: number;
}

/** Valuation records, read within a caller's data range. */
@Injectable()
export class EvalRecordRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Records of the scope, aliased `r`. */
  private scoped(scope: DataScope): SelectQueryBuilder<EvalRecordEntity> {
    return inDataRange(this.ds.getRepository(EvalRecordEntity).createQueryBuilder('r'), 'r', scope);
  }

  findByCode(scope: DataScope, evalCode: string): Promise<EvalRecordEntity | null> {
    return this.scoped(scope).andWhere('r.evalCode = :evalCode', { evalCode }).getOne();
  }

  findById(scope: DataScope, id: number | string): Promise<EvalRecordEntity | null> {
    return this.scoped(scope).andWhere('r.id = :id', { id }).getOne();
  }

  /** A record by its evalCode, or by its id when the reference is all digits. */
  findByCodeOrId(scope: DataScope, ref: string): Promise<EvalRecordEntity | null> {
    return /^\d{1,18}$/.test(ref)
      ? this.scoped(scope).andWhere('(r.evalCode = :code OR r.id = :id)', { code: ref, id: ref }).getOne()
      : this.findByCode(scope, ref);
  }

  /** A record of the tenant by its evalCode, whoever filed it (the appraisers' and the reports' view of a case's source). */
  findInTenant(evalCode: string, tenantId: number): Promise<EvalRecordEntity | null> {
    return this.ds.getRepository(EvalRecordEntity).findOneBy({ evalCode, tenantId });
  }

  /** Every valuation of a property (its first valuation's code) within the scope, newest first. */
  ofProperty(scope: DataScope, rootEvalCode: string): Promise<EvalRecordEntity[]> {
    return this.scoped(scope).andWhere('r.rootEvalCode = :root', { root: rootEvalCode }).orderBy('r.createdAt', 'DESC').getMany();
  }

  private filtered(scope: DataScope, f: EvalRecordFilter): SelectQueryBuilder<EvalRecordEntity> {
    const qb = this.scoped(scope);
    whereCity(qb, 'r', f.city);
    whereContains(qb, 'r', 'cardAddress', ['cardAddress'], f.cardAddress);
    whereContains(qb, 'r', 'location', ['haName', 'location'], f.location);
    whereCreated(qb, 'r', f);
    if (f.propType) qb.andWhere('r.propType = :propType', { propType: f.propType });
    if (f.evalType) qb.andWhere('r.evalType = :evalType', { evalType: f.evalType });
    return qb.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC');
  }

  /** A page of the filtered records, newest first (a late page read from the oldest end); `total` when the caller knows it. */
  page(scope: DataScope, filter: EvalRecordFilter, page: PageRequest, total: number | null = null): Promise<PageRows<EvalRecordEntity>> {
    return fetchPageFromNearerEnd(this.filtered(scope, filter), page, total);
  }

  /** The newest `limit` filtered records, in batches. */
  batches(scope: DataScope, filter: EvalRecordFilter, limit: number): AsyncGenerator<EvalRecordEntity[]> {
    return fetchBatches(this.filtered(scope, filter), limit);
  }

  /** What the tenant's records of these codes keep as their range (`result.range`), by code; records without one are left out. */
  async storedRanges(tenantId: number, evalCodes: readonly string[]): Promise<Map<string, unknown>> {
    if (evalCodes.length === 0) return new Map();
    const rows: { code: string; range: unknown }[] = await this.ds
      .getRepository(EvalRecordEntity)
      .createQueryBuilder('r')
      .select('r.evalCode', 'code')
      .addSelect(`r.result -> 'range'`, 'range')
      .where('r.tenantId = :tenantId', { tenantId })
      .andWhere('r.evalCode IN (:...codes)', { codes: evalCodes })
      .andWhere(`jsonb_typeof(r.result -> 'range') = 'object'`)
      .getRawMany();
    return new Map(rows.map((r) => [r.code, r.range]));
  }

  /** How many valuations of each property (by its first valuation's code) the scope holds. */
  async countsByProperty(scope: DataScope, rootEvalCodes: readonly string[]): Promise<Map<string, number>> {
    if (rootEvalCodes.length === 0) return new Map();
    const rows: { root: string; n: string }[] = await this.scoped(scope)
      .select('r.rootEvalCode', 'root')
      .addSelect('COUNT(*)', 'n')
      .andWhere('r.rootEvalCode IN (:...roots)', { roots: rootEvalCodes })
      .groupBy('r.rootEvalCode')
      .getRawMany();
    return new Map(rows.map((c) => [c.root, Number(c.n)]));
  }
}
