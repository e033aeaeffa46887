import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { CustomerDomainEntity, OrganizationEntity, OrganizationStatus } from '../entities';
import { fetchPage, type PageRows } from '../query';

/** Customer domain applications of the tenants. */
@Injectable()
export class CustomerDomainRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The tenant's applications, last updated first. */
  page(tenantId: number, page: PageRequest): Promise<PageRows<CustomerDomainEntity>> {
    const qb = this.ds
      .getRepository(CustomerDomainEntity)
      .createQueryBuilder('d')
      .where('d.tenantId = :tenantId', { tenantId })
      .orderBy('d.updatedAt', 'DESC')
      .addOrderBy('d.id', 'DESC');
    return fetchPage(qb, page);
  }

  /** Whether any application of the platform holds the domain. */
  domainTaken(domain: string): Promise<boolean> {
    return this.ds.getRepository(CustomerDomainEntity).existsBy({ domain });
  }

  findInTenant(m: EntityManager, id: number, tenantId: number, lock = false): Promise<CustomerDomainEntity | null> {
    return m
      .getRepository(CustomerDomainEntity)
      .findOne({ where: { id, tenantId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  async delete(m: EntityManager, id: number, tenantId: number): Promise<void> {
    await m.getRepository(CustomerDomainEntity).delete({ id, tenantId });
  }

  /** The company a completed domain (state 2) serves, when that company is active. */
  async ownerOfDomain(domain: string): Promise<{ tenantId: number; companyId: number } | null> {
    const row = await this.ds
      .getRepository(CustomerDomainEntity)
      .createQueryBuilder('d')
      .innerJoin(
        OrganizationEntity,
        'o',
        'o.id = d.company_id AND o.tenant_id = d.tenant_id AND o.parent_id IS NULL AND o.status = :active',
        { active: OrganizationStatus.Active },
      )
      .where('d.domain = :domain AND d.state = 2', { domain })
      .select(['d.tenantId', 'd.companyId'])
      .getOne();
    return row ? { tenantId: row.tenantId, companyId: row.companyId } : null;
  }
}
