import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import { AssetEntity, AssetTypeEntity, EvalRecordEntity } from '../entities';
import {
  inDataRange,
  whereCity,
  whereContains,
  whereCreated,
  type CityMatch,
  type CreatedWithin,
  type DataScope,
  type PageRows,
} from '../query';
import type { AssetOwner } from './asset-type.repository';

/** The filters of the asset list and its export; they apply to the latest valuation of each asset's property. */
export interface AssetFilterQuery extends CreatedWithin {
  city?: CityMatch;
  cardAddress?: string;
  /** Community name or location. */
  location?: string;
  evalType?: number;
  /** A type's id, or 'none' for untyped assets. */
  assetType?: number | 'none';
}

/** An asset as the list shows it: the asset, the latest valuation of its property and its type's name. */
export interface AssetListed {
  asset: AssetEntity;
  record: EvalRecordEntity;
  typeName: string | null;
}

/** Sums of the latest valuations of the filtered assets, in yuan: sales and rents apart. */
export interface AssetTotals {
  sale: number;
  rent: number;
}

/**
 * Assets of customer companies, read within a caller's records data range. Each asset is shown by
 * the latest valuation of its property that the caller may see.
 */
@Injectable()
export class AssetRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Assets of the scope (alias `a`) joined to the latest valuation of their property within the scope (alias `r`) and their type (`t`). */
  private withLatest(scope: DataScope): SelectQueryBuilder<AssetEntity> {
    const latest = this.ds
      .getRepository(EvalRecordEntity)
      .createQueryBuilder('lr')
      .select('lr.id')
      .where('lr.root_eval_code = "a"."root_eval_code" AND lr.tenant_id = "a"."tenant_id" AND lr.company_id = "a"."company_id"');
    inDataRange(latest, 'lr', scope).orderBy('lr.createdAt', 'DESC').addOrderBy('lr.id', 'DESC').limit(1);
    const qb = inDataRange(this.ds.getRepository(AssetEntity).createQueryBuilder('a'), 'a', scope)
      .innerJoin(EvalRecordEntity, 'r', `r.id = (${latest.getQuery()})`)
      .leftJoin(AssetTypeEntity, 't', 't.id = a.assetTypeId AND t.tenantId = a.tenantId AND t.companyId = a.companyId');
    return qb.setParameters({ ...qb.getParameters(), ...latest.getParameters() });
  }

  private filtered(scope: DataScope, f: AssetFilterQuery): SelectQueryBuilder<AssetEntity> {
    const qb = this.withLatest(scope);
    whereCity(qb, 'r', f.city);
    whereContains(qb, 'r', 'cardAddress', ['cardAddress'], f.cardAddress);
    whereContains(qb, 'r', 'location', ['haName', 'location'], f.location);
    whereCreated(qb, 'r', f);
    if (f.evalType) qb.andWhere('r.evalType = :evalType', { evalType: f.evalType });
    if (f.assetType === 'none') qb.andWhere('a.assetTypeId IS NULL');
    else if (f.assetType) qb.andWhere('a.assetTypeId = :assetType', { assetType: f.assetType });
    return qb;
  }

  private async listed(qb: SelectQueryBuilder<AssetEntity>): Promise<AssetListed[]> {
    const raw: { assetId: number; recordId: string; typeName: string | null }[] = await qb
      .select('a.id', 'assetId')
      .addSelect('r.id', 'recordId')
      .addSelect('t.name', 'typeName')
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .getRawMany();
    if (raw.length === 0) return [];
    const [assets, records] = await Promise.all([
      this.ds
        .getRepository(AssetEntity)
        .createQueryBuilder('a')
        .whereInIds(raw.map((x) => x.assetId))
        .getMany(),
      this.ds
        .getRepository(EvalRecordEntity)
        .createQueryBuilder('r')
        .whereInIds(raw.map((x) => x.recordId))
        .getMany(),
    ]);
    const assetById = new Map(assets.map((a) => [a.id, a]));
    const recordById = new Map(records.map((r) => [String(r.id), r]));
    return raw.flatMap((x) => {
      const asset = assetById.get(Number(x.assetId));
      const record = recordById.get(String(x.recordId));
      return asset && record ? [{ asset, record, typeName: x.typeName }] : [];
    });
  }

  /** A page of the filtered assets, last added first. */
  async page(scope: DataScope, filter: AssetFilterQuery, page: PageRequest): Promise<PageRows<AssetListed>> {
    const qb = this.filtered(scope, filter);
    const [total, rows] = await Promise.all([qb.clone().getCount(), this.listed(qb.clone().offset(pageOffset(page)).limit(page.pageSize))]);
    return { rows, total };
  }

  /** The newest `limit` filtered assets, in batches of `batchSize`. */
  async *batches(scope: DataScope, filter: AssetFilterQuery, limit: number, batchSize = 500): AsyncGenerator<AssetListed[]> {
    for (let offset = 0; offset < limit; offset += batchSize) {
      const rows = await this.listed(
        this.filtered(scope, filter)
          .offset(offset)
          .limit(Math.min(batchSize, limit - offset)),
      );
      if (rows.length) yield rows;
      if (rows.length < batchSize) return;
    }
  }

  /** The sums of the latest sale and rent valuations of every filtered asset, in yuan. */
  async totals(scope: DataScope, filter: AssetFilterQuery): Promise<AssetTotals> {
    const row: { sale: string | null; rent: string | null } | undefined = await this.filtered(scope, filter)
      .select('SUM(CASE WHEN r.evalType = 1 THEN r.totalPrice END)', 'sale')
      .addSelect('SUM(CASE WHEN r.evalType = 2 THEN r.totalPrice END)', 'rent')
      .getRawOne();
    return { sale: Number(row?.sale ?? 0), rent: Number(row?.rent ?? 0) };
  }

  /** An asset of the scope, locked for the change about to be made. */
  findForChange(m: EntityManager, scope: DataScope, id: number): Promise<AssetEntity | null> {
    return inDataRange(m.getRepository(AssetEntity).createQueryBuilder('a'), 'a', scope)
      .andWhere('a.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** An asset of the scope. */
  find(scope: DataScope, id: number): Promise<AssetEntity | null> {
    return inDataRange(this.ds.getRepository(AssetEntity).createQueryBuilder('a'), 'a', scope).andWhere('a.id = :id', { id }).getOne();
  }

  /** The asset of the company that follows a property, if any. */
  ofProperty(m: EntityManager, owner: AssetOwner, rootEvalCode: string): Promise<AssetEntity | null> {
    return m.getRepository(AssetEntity).findOneBy({ tenantId: owner.tenantId, companyId: owner.companyId, rootEvalCode });
  }

  /** Adds the asset; null when the company already keeps the property (another request added it first). */
  async insert(
    m: EntityManager,
    row: Pick<
      AssetEntity,
      'tenantId' | 'companyId' | 'organizationId' | 'accountId' | 'evalRecordId' | 'rootEvalCode' | 'addedBy' | 'addedName'
    >,
  ): Promise<AssetEntity | null> {
    const result = await m.getRepository(AssetEntity).createQueryBuilder().insert().values(row).orIgnore().returning('id').execute();
    const id = (result.raw as { id: number }[])[0]?.id;
    return id === undefined ? null : m.getRepository(AssetEntity).findOneByOrFail({ id });
  }

  async setType(m: EntityManager, id: number, assetTypeId: number | null): Promise<void> {
    await m.getRepository(AssetEntity).update({ id }, { assetTypeId });
  }

  /** Sets or clears the loan the asset secures; amounts in yuan. */
  async setLoan(
    m: EntityManager,
    id: number,
    loan: Pick<AssetEntity, 'loanNo' | 'loanAmount' | 'loanDate' | 'loanOriginValue'>,
  ): Promise<void> {
    await m.getRepository(AssetEntity).update({ id }, loan);
  }

  /** Another asset of the company carrying this loan number, if any. */
  loanTaken(m: EntityManager, owner: AssetOwner, loanNo: string, exceptId: number): Promise<AssetEntity | null> {
    return m
      .getRepository(AssetEntity)
      .createQueryBuilder('a')
      .where('a.tenantId = :tenantId AND a.companyId = :companyId AND a.loanNo = :loanNo AND a.id <> :exceptId', {
        ...owner,
        loanNo,
        exceptId,
      })
      .getOne();
  }

  /** The assets of the company carrying these loan numbers, by loan number. */
  async loanHolders(owner: AssetOwner, loanNos: readonly string[]): Promise<Map<string, number>> {
    if (loanNos.length === 0) return new Map();
    const rows: { loanNo: string; id: number }[] = await this.ds.query(
      `SELECT loan_no AS "loanNo", id FROM asset WHERE tenant_id = $1 AND company_id = $2 AND loan_no = ANY($3::varchar[])`,
      [owner.tenantId, owner.companyId, loanNos],
    );
    return new Map(rows.map((r) => [r.loanNo, r.id]));
  }

  /** Sets the amount, date and value at origination of loans the company's assets carry; amounts in yuan. */
  async updateLoans(
    m: EntityManager,
    owner: AssetOwner,
    loans: readonly { loanNo: string; loanAmount: number; loanDate: string; originValue: number }[],
  ): Promise<number> {
    if (loans.length === 0) return 0;
    const [, updated]: [unknown, number] = await m.query(
      `UPDATE asset a SET loan_amount = l.amount, loan_date = l.day, loan_origin_value = l.origin
         FROM jsonb_to_recordset($3::jsonb) AS l("loanNo" varchar, amount numeric, day date, origin numeric)
        WHERE a.tenant_id = $1 AND a.company_id = $2 AND a.loan_no = l."loanNo"`,
      [
        owner.tenantId,
        owner.companyId,
        JSON.stringify(loans.map((l) => ({ loanNo: l.loanNo, amount: l.loanAmount, day: l.loanDate, origin: l.originValue }))),
      ],
    );
    return updated;
  }

  async delete(m: EntityManager, id: number): Promise<void> {
    await m.getRepository(AssetEntity).delete({ id });
  }

  /** Which of these properties (first valuations' codes) the company keeps as assets. */
  async propertiesInAssets(owner: AssetOwner, rootEvalCodes: readonly string[]): Promise<Set<string>> {
    if (rootEvalCodes.length === 0) return new Set();
    const rows: { root: string }[] = await this.ds
      .getRepository(AssetEntity)
      .createQueryBuilder('a')
      .select('a.rootEvalCode', 'root')
      .where('a.tenantId = :tenantId AND a.companyId = :companyId AND a.rootEvalCode IN (:...roots)', {
        ...owner,
        roots: [...new Set(rootEvalCodes)],
      })
      .getRawMany();
    return new Set(rows.map((r) => r.root));
  }
}
