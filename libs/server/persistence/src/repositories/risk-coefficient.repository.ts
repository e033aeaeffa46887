import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { pageOffset, type PageRequest } from '@valuation/contracts';
import { RiskCoefficientEntity } from '../entities';
import type { BusinessOwner } from './business.repository';

/** What releasing a deleted business type did to the company's risk coefficients. */
export interface ReleasedCoefficients {
  /** Coefficients set for that business type alone, deleted. */
  removed: number;
  /** Coefficients set for it among others, which keep the others. */
  narrowed: number;
}

/** A region exactly: a province, or a city of it, or a district of that city. */
export interface RiskRegion {
  provinceCode: string;
  cityCode: string | null;
  distCode: string | null;
}

/** A coefficient with the names of its region and business types, as the lists show it. */
export interface RiskCoefficientRow {
  id: number;
  provinceCode: string;
  provinceName: string;
  cityCode: string | null;
  cityName: string | null;
  distCode: string | null;
  distName: string | null;
  businessIds: number[];
  businessNames: string[];
  priceCoefficient: string;
  updateTime: Date;
  updateBy: number | null;
  updateName: string | null;
}

export interface RiskCoefficientFilter {
  provinceCode?: string;
  cityCode?: string;
  distCode?: string;
  /** The name of one of the company's business types the coefficient is set for. */
  businessName?: string;
  coefficientMin?: number;
  coefficientMax?: number;
  /** Updated at or after. */
  from?: Date | null;
  /** Updated before. */
  until?: Date | null;
}

/** The coefficient a valuation applies, with what its record says about it. */
export interface ApplicableCoefficient {
  id: number;
  coefficient: number;
  provinceName: string;
  cityName: string | null;
  distName: string | null;
  /** The valuation's business type when the coefficient names it; null for a coefficient set for every business. */
  businessName: string | null;
}

type RawRow = Omit<RiskCoefficientRow, 'id' | 'updateBy' | 'businessNames'> & {
  id: number | string;
  updateBy: number | string | null;
  businessNames: (string | null)[] | null;
};

const ROW_SELECT = `
  SELECT r.id, r.province_code AS "provinceCode", COALESCE(p.name, r.province_code) AS "provinceName",
         r.city_code AS "cityCode", c.name AS "cityName", r.dist_code AS "distCode", d.name AS "distName",
         r.business_ids AS "businessIds",
         ARRAY(SELECT b.business_name FROM unnest(r.business_ids) WITH ORDINALITY AS u(bid, n)
                 JOIN business b ON b.id = u.bid ORDER BY u.n) AS "businessNames",
         r.price_coefficient AS "priceCoefficient", r.update_time AS "updateTime",
         r.update_by AS "updateBy", r.update_name AS "updateName"
    FROM risk_coefficient r
    LEFT JOIN region p ON p.code = r.province_code
    LEFT JOIN region c ON c.code = r.city_code
    LEFT JOIN region d ON d.code = r.dist_code`;

const toRow = (r: RawRow): RiskCoefficientRow => ({
  ...r,
  id: Number(r.id),
  updateBy: r.updateBy === null ? null : Number(r.updateBy),
  businessNames: (r.businessNames ?? []).filter((n): n is string => n !== null),
});

/** Risk coefficients of customer companies: at most one per company and exact region. */
@Injectable()
export class RiskCoefficientRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One page of the company's coefficients, last updated first. */
  async page(owner: BusinessOwner, f: RiskCoefficientFilter, page: PageRequest): Promise<{ rows: RiskCoefficientRow[]; total: number }> {
    const params: unknown[] = [owner.tenantId, owner.companyId];
    const where = ['r.tenant_id = $1', 'r.company_id = $2'];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (f.provinceCode) add((n) => `r.province_code = ${n}`, f.provinceCode);
    if (f.cityCode) add((n) => `r.city_code = ${n}`, f.cityCode);
    if (f.distCode) add((n) => `r.dist_code = ${n}`, f.distCode);
    if (f.businessName) {
      add(
        (n) =>
          `EXISTS (SELECT 1 FROM business b WHERE b.id = ANY(r.business_ids) AND b.tenant_id = r.tenant_id
                      AND b.company_id = r.company_id AND b.deleted = false AND b.business_name = ${n})`,
        f.businessName,
      );
    }
    if (f.coefficientMin !== undefined) add((n) => `r.price_coefficient >= ${n}`, f.coefficientMin);
    if (f.coefficientMax !== undefined) add((n) => `r.price_coefficient <= ${n}`, f.coefficientMax);
    if (f.from) add((n) => `r.update_time >= ${n}`, f.from);
    if (f.until) add((n) => `r.update_time < ${n}`, f.until);
    const condition = where.join(' AND ');
    const [{ total }]: { total: string }[] = await this.ds.query(
      `SELECT count(*) AS total FROM risk_coefficient r WHERE ${condition}`,
      params,
    );
    const rows: RawRow[] = await this.ds.query(
      `${ROW_SELECT} WHERE ${condition} ORDER BY r.update_time DESC, r.id DESC OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, pageOffset(page), page.pageSize],
    );
    return { rows: rows.map(toRow), total: Number(total) };
  }

  /** A coefficient of the company with its names, or null. */
  async row(m: EntityManager | null, owner: BusinessOwner, id: number): Promise<RiskCoefficientRow | null> {
    const rows: RawRow[] = await (m ?? this.ds.manager).query(`${ROW_SELECT} WHERE r.id = $1 AND r.tenant_id = $2 AND r.company_id = $3`, [
      id,
      owner.tenantId,
      owner.companyId,
    ]);
    return rows.length ? toRow(rows[0]) : null;
  }

  /** The company's coefficient of exactly this region (the one updated last if the data holds several), or null. */
  async atRegion(m: EntityManager | null, owner: BusinessOwner, region: RiskRegion): Promise<RiskCoefficientEntity | null> {
    return (m ?? this.ds.manager)
      .getRepository(RiskCoefficientEntity)
      .createQueryBuilder('r')
      .where('r.tenantId = :tenantId AND r.companyId = :companyId AND r.provinceCode = :provinceCode', { ...owner, ...region })
      .andWhere(region.cityCode ? 'r.cityCode = :cityCode' : 'r.cityCode IS NULL', { cityCode: region.cityCode })
      .andWhere(region.distCode ? 'r.distCode = :distCode' : 'r.distCode IS NULL', { distCode: region.distCode })
      .orderBy('r.updateTime', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .getOne();
  }

  /** Serialises the changes of one company's coefficients until the transaction ends, so a region never gets two. */
  async lockCompany(m: EntityManager, owner: BusinessOwner): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('risk-coefficient'), hashtext($1))`, [`${owner.tenantId}:${owner.companyId}`]);
  }

  /** A coefficient of the company, locked for the change about to be made. */
  findForChange(m: EntityManager, id: number, owner: BusinessOwner): Promise<RiskCoefficientEntity | null> {
    return m.getRepository(RiskCoefficientEntity).findOne({
      where: { id, tenantId: owner.tenantId, companyId: owner.companyId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  save(m: EntityManager, row: Partial<RiskCoefficientEntity>): Promise<RiskCoefficientEntity> {
    const repo = m.getRepository(RiskCoefficientEntity);
    return repo.save(repo.create(row));
  }

  async remove(m: EntityManager, id: number): Promise<void> {
    await m.getRepository(RiskCoefficientEntity).delete({ id });
  }

  /**
   * The coefficient a valuation in a district of a city applies for a business type: the most
   * specific region first (the district's, then the city's, then the province's) among those set
   * for that business type or for every business (an empty set); at one region, one set for the
   * business type comes before one set for every business.
   */
  async applicable(
    owner: BusinessOwner,
    cityCode: string,
    distCode: string | null,
    businessTypeId: number | null,
  ): Promise<ApplicableCoefficient | null> {
    const rows: {
      id: number | string;
      c: string;
      provinceName: string;
      cityName: string | null;
      distName: string | null;
      businessName: string | null;
    }[] = await this.ds.query(
      `SELECT r.id, r.price_coefficient AS c, COALESCE(p.name, r.province_code) AS "provinceName", c.name AS "cityName", d.name AS "distName",
                CASE WHEN cardinality(r.business_ids) = 0 THEN NULL ELSE (SELECT b.business_name FROM business b WHERE b.id = $6) END AS "businessName"
           FROM risk_coefficient r
           LEFT JOIN region p ON p.code = r.province_code
           LEFT JOIN region c ON c.code = r.city_code
           LEFT JOIN region d ON d.code = r.dist_code
          WHERE r.tenant_id = $1 AND r.company_id = $2 AND r.province_code = $3
            AND (r.city_code IS NULL OR (r.city_code = $4 AND (r.dist_code IS NULL OR r.dist_code = $5)))
            AND (cardinality(r.business_ids) = 0 OR $6::int = ANY(r.business_ids))
          ORDER BY (r.dist_code IS NOT NULL) DESC, (r.city_code IS NOT NULL) DESC, cardinality(r.business_ids) > 0 DESC,
                   r.update_time DESC, r.id DESC
          LIMIT 1`,
      [owner.tenantId, owner.companyId, `${cityCode.slice(0, 2)}0000`, cityCode, distCode ?? '', businessTypeId ?? -1],
    );
    if (!rows.length) return null;
    const [r] = rows;
    return {
      id: Number(r.id),
      coefficient: Number(r.c),
      provinceName: r.provinceName,
      cityName: r.cityName,
      distName: r.distName,
      businessName: r.businessName,
    };
  }

  /**
   * A deleted business type leaves the coefficients set for it: one set for that type alone is
   * deleted (an empty business list would mean every business), one set for it among others keeps
   * the others. Coefficients for every business (an empty list) stay.
   */
  async releaseBusiness(m: EntityManager, owner: BusinessOwner, businessId: number): Promise<ReleasedCoefficients> {
    const removed: unknown[] = await m.query(
      `DELETE FROM risk_coefficient
        WHERE tenant_id = $1 AND company_id = $2 AND business_ids <@ ARRAY[$3::int] AND cardinality(business_ids) > 0
        RETURNING id`,
      [owner.tenantId, owner.companyId, businessId],
    );
    const narrowed: unknown[] = await m.query(
      `UPDATE risk_coefficient SET business_ids = array_remove(business_ids, $3::int)
        WHERE tenant_id = $1 AND company_id = $2 AND $3::int = ANY(business_ids)
        RETURNING id`,
      [owner.tenantId, owner.companyId, businessId],
    );
    return { removed: removed.length, narrowed: narrowed.length };
  }
}
