import { Injectable } from '@nestjs/common';
import { pagedList, type BusinessItem, type BusinessView, type Paged } from '@valuation/contracts';
import {
  BUSINESS_LOG_LABELS,
  BusinessMsg,
  formatDateTime,
  type BusinessAdd,
  type BusinessEdit,
  type BusinessListQuery,
  type RecordSnapshot,
} from '@valuation/domain';
import { ValuationService } from '@valuation/core';
import { BusinessRepository, RiskCoefficientRepository, UnitOfWork, type BusinessEntity, type BusinessOwner } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';

export function toBusinessView(b: BusinessEntity): BusinessView {
  return {
    id: b.id,
    businessName: b.businessName,
    businessRemark: b.businessRemark,
    createTime: formatDateTime(b.createTime),
    createBy: b.createBy,
    createName: b.createName,
    updateTime: formatDateTime(b.updateTime),
    updateBy: b.updateBy,
    updateName: b.updateName,
  };
}

/** The fields of a business type an administrator edits, as the operation log keeps them. */
const snapshot = (b: BusinessEntity): RecordSnapshot => ({ businessName: b.businessName, businessRemark: b.businessRemark });

const target = (b: BusinessEntity) => ({ type: 'business', id: b.id, name: b.businessName });

/**
 * Business types of the caller's customer company. Every change writes its operation-log row in
 * its own transaction; a deleted type stays (marked deleted) for the records that name it.
 */
@Injectable()
export class BusinessService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly businesses: BusinessRepository,
    private readonly risks: RiskCoefficientRepository,
    private readonly log: AdminLog,
    private readonly valuation: ValuationService,
  ) {}

  async list(p: Principal): Promise<BusinessItem[]> {
    if (p.companyId === null) return [];
    const rows = await this.businesses.ofCompany(p.tenantId, p.companyId);
    return rows.map((b) => ({ id: b.id, businessName: b.businessName }));
  }

  async page(p: Principal, q: BusinessListQuery): Promise<Paged<BusinessView>> {
    const { rows, total } = await this.businesses.page(owner(p), q);
    return pagedList(rows.map(toBusinessView), total, q.pageIndex, q.pageSize);
  }

  async add(p: Principal, input: BusinessAdd, ip: string | undefined): Promise<Reply<BusinessView>> {
    const company = owner(p);
    const row = await this.uow.run(async (m) => {
      const saved = await this.businesses.insert(m, {
        ...company,
        businessName: input.name,
        businessRemark: input.remark,
        createBy: p.id,
        createName: clip(p.userName, 20),
        updateBy: p.id,
        updateName: clip(p.userName, 20),
      });
      await this.log.write(m, p, ip, { action: '新增业务', target: target(saved), after: snapshot(saved), labels: BUSINESS_LOG_LABELS });
      return saved;
    });
    return new Reply(toBusinessView(row), BusinessMsg.added);
  }

  async update(p: Principal, input: BusinessEdit, ip: string | undefined): Promise<Reply<BusinessView>> {
    const row = await this.uow.run(async (m) => {
      const found = await this.businesses.findForChange(m, input.id, owner(p));
      if (!found) throw ApiError.notFound(BusinessMsg.notFound);
      const before = snapshot(found);
      found.businessName = input.name;
      found.businessRemark = input.remark;
      found.updateBy = p.id;
      found.updateName = clip(p.userName, 20);
      const saved = await this.businesses.save(m, found);
      await this.log.write(m, p, ip, {
        action: '编辑业务',
        target: target(saved),
        before,
        after: snapshot(saved),
        labels: BUSINESS_LOG_LABELS,
      });
      return saved;
    });
    return new Reply(toBusinessView(row), BusinessMsg.edited);
  }

  /** Marks the type deleted and releases the risk coefficients set for it, in one transaction with the log row. */
  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    const company = owner(p);
    await this.uow.run(async (m) => {
      const found = await this.businesses.findForChange(m, id, company);
      if (!found) throw ApiError.notFound(BusinessMsg.notFound);
      const before = snapshot(found);
      found.deleted = true;
      found.updateBy = p.id;
      found.updateName = clip(p.userName, 20);
      await this.businesses.save(m, found);
      await this.risks.releaseBusiness(m, company, found.id);
      await this.log.write(m, p, ip, { action: '删除业务', target: target(found), before, after: null, labels: BUSINESS_LOG_LABELS });
    });
    this.valuation.forgetRiskCoefficients();
    return new Reply(null, BusinessMsg.deleted);
  }
}

/** The caller's customer company; business types belong to one, so a caller without one has none to manage. */
function owner(p: Principal): BusinessOwner {
  if (p.companyId === null) throw ApiError.notFound(BusinessMsg.notFound);
  return { tenantId: p.tenantId, companyId: p.companyId };
}
