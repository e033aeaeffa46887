import { Injectable } from '@nestjs/common';
import { pagedList, type Paged, type RiskCoefficientView } from '@valuation/contracts';
import { ValuationService } from '@valuation/core';
import {
  filterDayBounds,
  formatDateTime,
  formatRiskCoefficient,
  RISK_ALL_LABEL,
  RISK_LOG_LABELS,
  riskRegionText,
  RiskMsg,
  type RecordSnapshot,
  type RiskAdd,
  type RiskEdit,
  type RiskListQuery,
  type RiskRegionQuery,
} from '@valuation/domain';
import {
  BusinessRepository,
  RiskCoefficientRepository,
  UnitOfWork,
  type BusinessOwner,
  type RiskCoefficientRow,
  type RiskRegion,
  type Transaction,
} from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';
import { RegionService } from '../region/region.service';

export function toRiskView(r: RiskCoefficientRow): RiskCoefficientView {
  return {
    id: r.id,
    provinceCode: r.provinceCode,
    provinceName: r.provinceName,
    cityCode: r.cityCode,
    cityName: r.cityName,
    distCode: r.distCode,
    distName: r.distName,
    businessId: r.businessIds.join(','),
    businessName: r.businessNames.join(','),
    priceCoefficient: Number(r.priceCoefficient),
    updateTime: formatDateTime(r.updateTime),
    updateBy: r.updateBy,
    updateName: r.updateName,
  };
}

/** The fields of a coefficient an administrator edits, as the operation log keeps them. */
const snapshot = (r: RiskCoefficientRow): RecordSnapshot => ({
  region: riskRegionText(r),
  businessName: r.businessNames.length ? r.businessNames.join(',') : RISK_ALL_LABEL,
  priceCoefficient: formatRiskCoefficient(Number(r.priceCoefficient)),
});

const target = (r: RiskCoefficientRow) => ({ type: 'risk-coefficient', id: r.id, name: riskRegionText(r) });

/**
 * Risk coefficients of the caller's customer company: at most one per exact region; adding one
 * for a region that has one replaces it. Every change writes its operation-log row in its own
 * transaction, and the valuations of this process read coefficients afresh once it commits.
 */
@Injectable()
export class RiskService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly risks: RiskCoefficientRepository,
    private readonly businesses: BusinessRepository,
    private readonly regions: RegionService,
    private readonly log: AdminLog,
    private readonly valuation: ValuationService,
  ) {}

  async page(p: Principal, q: RiskListQuery): Promise<Paged<RiskCoefficientView>> {
    const { from, until } = filterDayBounds(q.beginDate, q.endDate);
    const { rows, total } = await this.risks.page(owner(p), { ...q, from, until }, q);
    return pagedList(rows.map(toRiskView), total, q.pageIndex, q.pageSize);
  }

  /** The company's coefficient of exactly the region, or null. */
  async atRegion(p: Principal, q: RiskRegionQuery): Promise<RiskCoefficientView | null> {
    const company = owner(p);
    const found = await this.risks.atRegion(null, company, q);
    const row = found ? await this.risks.row(null, company, found.id) : null;
    return row ? toRiskView(row) : null;
  }

  /** Adds the coefficient of a region, or replaces the one the region has (keeping its id). */
  async add(p: Principal, input: RiskAdd, ip: string | undefined): Promise<Reply<RiskCoefficientView>> {
    const company = owner(p);
    const region = await this.checkRegion(input);
    const view = await this.change(async (m) => {
      await this.checkBusinesses(company, input.businessId);
      await this.risks.lockCompany(m, company);
      const existing = await this.risks.atRegion(m, company, region);
      const before = existing ? await this.risks.row(m, company, existing.id) : null;
      const saved = await this.risks.save(m, {
        ...(existing ? { id: existing.id } : {}),
        ...company,
        ...region,
        businessIds: input.businessId,
        priceCoefficient: formatRiskCoefficient(input.priceCoefficient),
        updateBy: p.id,
        updateName: clip(p.userName, 20),
      });
      const after = (await this.risks.row(m, company, saved.id))!;
      await this.log.write(m, p, ip, {
        action: before ? '替换风控系数' : '新增风控系数',
        target: target(after),
        before: before ? snapshot(before) : null,
        after: snapshot(after),
        labels: RISK_LOG_LABELS,
      });
      return toRiskView(after);
    });
    return new Reply(view, RiskMsg.added);
  }

  /** Edits a coefficient; its new region may not be one that another coefficient holds (the client replaces that one instead). */
  async update(p: Principal, input: RiskEdit, ip: string | undefined): Promise<Reply<RiskCoefficientView>> {
    const company = owner(p);
    const region = await this.checkRegion(input);
    const view = await this.change(async (m) => {
      await this.checkBusinesses(company, input.businessId);
      await this.risks.lockCompany(m, company);
      const found = await this.risks.findForChange(m, input.id, company);
      if (!found) throw ApiError.notFound(RiskMsg.notFound);
      const holder = await this.risks.atRegion(m, company, region);
      if (holder && holder.id !== found.id) throw ApiError.badRequest(RiskMsg.regionTaken, { id: holder.id });
      const before = (await this.risks.row(m, company, found.id))!;
      await this.risks.save(m, {
        ...found,
        ...region,
        businessIds: input.businessId,
        priceCoefficient: formatRiskCoefficient(input.priceCoefficient),
        updateBy: p.id,
        updateName: clip(p.userName, 20),
      });
      const after = (await this.risks.row(m, company, found.id))!;
      await this.log.write(m, p, ip, {
        action: '编辑风控系数',
        target: target(after),
        before: snapshot(before),
        after: snapshot(after),
        labels: RISK_LOG_LABELS,
      });
      return toRiskView(after);
    });
    return new Reply(view, RiskMsg.edited);
  }

  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    const company = owner(p);
    await this.change(async (m) => {
      const found = await this.risks.findForChange(m, id, company);
      if (!found) throw ApiError.notFound(RiskMsg.notFound);
      const before = (await this.risks.row(m, company, found.id))!;
      await this.risks.remove(m, found.id);
      await this.log.write(m, p, ip, {
        action: '删除风控系数',
        target: target(before),
        before: snapshot(before),
        after: null,
        labels: RISK_LOG_LABELS,
      });
    });
    return new Reply(null, RiskMsg.deleted);
  }

  /** Runs a change in one transaction, then lets new valuations see it. */
  private async change<T>(work: (m: Transaction) => Promise<T>): Promise<T> {
    const result = await this.uow.run(work);
    this.valuation.forgetRiskCoefficients();
    return result;
  }

  /** The region as stored: a province, a city of it, a district of that city. */
  private async checkRegion(input: RiskRegionQuery): Promise<RiskRegion> {
    const province = await this.regions.byCode(input.provinceCode);
    if (province?.level !== 1) throw ApiError.badRequest(RiskMsg.regionInvalid);
    if (input.cityCode) {
      const city = await this.regions.byCode(input.cityCode);
      if (city?.level !== 2 || city.parentCode !== province.code) throw ApiError.badRequest(RiskMsg.regionInvalid);
    }
    if (input.distCode) {
      const dist = await this.regions.byCode(input.distCode);
      if (dist?.level !== 3 || dist.parentCode !== input.cityCode) throw ApiError.badRequest(RiskMsg.regionInvalid);
    }
    return { provinceCode: input.provinceCode, cityCode: input.cityCode, distCode: input.distCode };
  }

  /** Every id must be one of the company's business types (not deleted). */
  private async checkBusinesses(company: BusinessOwner, ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    const known = new Set((await this.businesses.ofCompany(company.tenantId, company.companyId)).map((b) => b.id));
    if (ids.some((id) => !known.has(id))) throw ApiError.badRequest(RiskMsg.businessInvalid);
  }
}

/** The caller's customer company; coefficients belong to one, so a caller without one has none. */
function owner(p: Principal): BusinessOwner {
  if (p.companyId === null) throw ApiError.notFound(RiskMsg.notFound);
  return { tenantId: p.tenantId, companyId: p.companyId };
}
