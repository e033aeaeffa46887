import { Injectable } from '@nestjs/common';
import { pagedList, type CustomerDomainView, type Paged } from '@valuation/contracts';
import { customerDomainWorkflow } from '@valuation/core';
import {
  CustomerDomainMsg,
  domainApplyData,
  domainStateCode,
  initialDomainState,
  type CustomerDomainApply,
  type CustomerDomainEdit,
  type CustomerDomainListQuery,
  type DomainActor,
} from '@valuation/domain';
import {
  CustomerCategoryRepository,
  CustomerDomainRepository,
  isUniqueViolation,
  OrganizationRepository,
  UnitOfWork,
  type CustomerDomainEntity,
  type OrganizationEntity,
} from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { workflowApiError } from '../../common/workflow-error';
import { AdminLog } from '../auth/admin-log.service';
import { dateTime } from '../eval/eval-record.view';
import { CustomerDomainHosts } from '../site-config/customer-domain-hosts';

export const CustomerDomainApiMsg = {
  companyFixed: '域名申请的客户公司不可修改',
} as const;

/** Field labels of the domain applications' operation-log rows. */
const DOMAIN_LABELS = { domain: '域名' } as const;

/** 403 with the spec's message: a domain may be applied for once across the platform. */
const duplicate = () => ApiError.forbidden(CustomerDomainMsg.duplicate);

interface CompanyNames {
  name: string;
  categoryName: string;
}

/** A company's name and the name of its customer category (empty text for a company without one). */
function companyNames(name: string | undefined, categoryName: string | undefined): CompanyNames {
  return { name: name ?? '', categoryName: categoryName ?? '' };
}

export function toCustomerDomainView(row: CustomerDomainEntity, company: CompanyNames): CustomerDomainView {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: company.name,
    categoryName: company.categoryName,
    domain: row.domain,
    serverIp: row.context.serverIp,
    state: row.state,
    failReason: row.context.failReason,
    updateTime: dateTime(row.updatedAt),
    version: row.version,
  };
}

const staffActor = (p: Principal): DomainActor => ({ population: 'tenant', id: p.id, name: p.userName });

/**
 * Domain applications of the caller's tenant. Applying and editing are checked by the domain
 * machine and recorded in the application's history; a domain held by any application of the
 * platform is refused with 403, also when two requests race (the unique index decides). A platform
 * operator completes or fails an application with the `domain` command.
 */
@Injectable()
export class CustomerDomainService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly domains: CustomerDomainRepository,
    private readonly organizations: OrganizationRepository,
    private readonly categories: CustomerCategoryRepository,
    private readonly log: AdminLog,
    private readonly hosts: CustomerDomainHosts,
  ) {}

  async list(p: Principal, q: CustomerDomainListQuery): Promise<Paged<CustomerDomainView>> {
    const { rows, total } = await this.domains.page(p.tenantId, q);
    const companyIds = rows.map((r) => r.companyId);
    const names = await this.organizations.names(companyIds, p.tenantId);
    const categories = await this.categories.namesOfCompanies(companyIds, p.tenantId);
    return pagedList(
      rows.map((r) => toCustomerDomainView(r, companyNames(names.get(r.companyId), categories.get(r.companyId)))),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  async apply(p: Principal, input: CustomerDomainApply, ip: string | undefined): Promise<Reply<CustomerDomainView>> {
    const company = await this.customerCompany(p, input.companyId);
    if (await this.domains.domainTaken(input.domain)) throw duplicate();
    const state = initialDomainState(input.domain);
    let row: CustomerDomainEntity;
    try {
      row = await this.uow.run(async (m) => {
        const created = await customerDomainWorkflow.create(
          m,
          {
            tenantId: p.tenantId,
            companyId: company.id,
            domain: state.context.domain,
            machineState: state.value,
            context: state.context,
            state: domainStateCode(state.value),
            updatedByName: p.userName.slice(0, 50),
          },
          { event: 'APPLY', actor: staffActor(p), data: domainApplyData({ domain: state.context.domain, companyId: company.id }) },
        );
        await this.log.write(m, p, ip, {
          action: '申请域名',
          target: { type: 'customer-domain', id: created.id, name: company.name },
          after: { domain: created.domain },
          labels: DOMAIN_LABELS,
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    return new Reply(toCustomerDomainView(row, await this.namesOf(company.id, company.name, p)), CustomerDomainMsg.applied);
  }

  /**
   * A changed domain replaces the old one and the application goes back to processing, through the
   * domain machine with a version check (the version the caller saw, when it sends one) and a
   * history row.
   */
  async update(p: Principal, input: CustomerDomainEdit, ip: string | undefined): Promise<Reply<CustomerDomainView>> {
    let result: { row: CustomerDomainEntity; companyName: string | undefined };
    try {
      result = await this.uow.run(async (m) => {
        const row = await this.domains.findInTenant(m, input.id, p.tenantId);
        if (!row) throw ApiError.notFound(CustomerDomainMsg.notFound);
        if (input.companyId !== undefined && input.companyId !== row.companyId)
          throw ApiError.badRequest(CustomerDomainApiMsg.companyFixed);
        const oldDomain = row.domain;
        const saved = await customerDomainWorkflow.apply(
          m,
          row,
          { type: 'EDIT', actor: staffActor(p), domain: input.domain },
          { expectedVersion: input.version, columns: () => ({ updatedByName: p.userName.slice(0, 50) }) },
        );
        const company = await this.organizations.findInTenant(saved.companyId, p.tenantId, m);
        await this.log.write(m, p, ip, {
          action: '编辑域名',
          target: { type: 'customer-domain', id: saved.id, name: company?.name },
          before: { domain: oldDomain },
          after: { domain: saved.domain },
          labels: DOMAIN_LABELS,
        });
        return { row: saved, companyName: company?.name };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw workflowApiError(error);
    }
    this.hosts.forget();
    return new Reply(
      toCustomerDomainView(result.row, await this.namesOf(result.row.companyId, result.companyName, p)),
      CustomerDomainMsg.edited,
    );
  }

  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    await this.uow.run(async (m) => {
      const row = await this.domains.findInTenant(m, id, p.tenantId, true);
      if (!row) throw ApiError.notFound(CustomerDomainMsg.notFound);
      await this.domains.delete(m, row.id, p.tenantId);
      const company = await this.organizations.findInTenant(row.companyId, p.tenantId, m);
      await this.log.write(m, p, ip, {
        action: '删除域名',
        target: { type: 'customer-domain', id: row.id, name: company?.name },
        before: { domain: row.domain },
        labels: DOMAIN_LABELS,
      });
    });
    this.hosts.forget();
    return new Reply(null, CustomerDomainMsg.deleted);
  }

  private async namesOf(companyId: number, name: string | undefined, p: Principal): Promise<CompanyNames> {
    const categories = await this.categories.namesOfCompanies([companyId], p.tenantId);
    return companyNames(name, categories.get(companyId));
  }

  /** An active customer company (a root organisation) of the caller's tenant. */
  private async customerCompany(p: Principal, companyId: number): Promise<OrganizationEntity> {
    const company = await this.organizations.activeCompany(companyId, p.tenantId);
    if (!company) throw ApiError.badRequest(CustomerDomainMsg.companyRequired);
    return company;
  }
}
