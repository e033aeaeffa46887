import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import type { PageRequest } from '@valuation/contracts';
import { AccountEntity, CustomerCategoryEntity, OrganizationEntity, OrganizationStatus, RegionEntity } from '../entities';
import { fetchPage, whereContains, type PageRows } from '../query';

/** The customer company list's filters. */
export interface CustomerCompanyFilter {
  companyName?: string;
  categoryId?: number;
  provinceCode?: string;
  cityCode?: string;
  contact?: string;
}

/** A customer company with the name of its category and its number of accounts. */
export interface CustomerCompanyRow {
  company: OrganizationEntity;
  categoryName: string;
  accountCount: number;
}

/** The editable columns of a customer company. */
export type CustomerCompanyColumns = Pick<
  OrganizationEntity,
  | 'name'
  | 'categoryId'
  | 'provinceCode'
  | 'provinceName'
  | 'cityCode'
  | 'cityName'
  | 'address'
  | 'socialCode'
  | 'contact'
  | 'contactNumber'
  | 'email'
  | 'fax'
  | 'department'
  | 'position'
  | 'revalCharge'
>;

const ACTIVE = OrganizationStatus.Active;

/** Customer companies: the root organisations of a tenant (parentId null, companyId its own id, path "/id/"). */
@Injectable()
export class CustomerCompanyRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The tenant's active companies, newest first, filtered, each with its category name and account count. */
  async page(tenantId: number, filter: CustomerCompanyFilter, page: PageRequest): Promise<PageRows<CustomerCompanyRow>> {
    const qb = this.ds
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .where('o.tenantId = :tenantId AND o.parentId IS NULL AND o.status = :active', { tenantId, active: ACTIVE });
    whereContains(qb, 'o', 'companyName', ['name'], filter.companyName);
    whereContains(qb, 'o', 'contact', ['contact'], filter.contact);
    if (filter.categoryId !== undefined) qb.andWhere('o.categoryId = :categoryId', { categoryId: filter.categoryId });
    if (filter.provinceCode) qb.andWhere('o.provinceCode = :provinceCode', { provinceCode: filter.provinceCode });
    if (filter.cityCode) qb.andWhere('o.cityCode = :cityCode', { cityCode: filter.cityCode });
    qb.orderBy('o.createdAt', 'DESC').addOrderBy('o.id', 'DESC');
    const { rows, total } = await fetchPage(qb, page);
    const ids = rows.map((r) => r.id);
    const [categories, accounts] = await Promise.all([
      this.categoryNames(
        tenantId,
        rows.map((r) => r.categoryId).filter((id): id is number => id !== null),
      ),
      this.accountCounts(tenantId, ids),
    ]);
    return {
      rows: rows.map((company) => ({
        company,
        categoryName: company.categoryId === null ? '' : (categories.get(company.categoryId) ?? ''),
        accountCount: accounts.get(company.id) ?? 0,
      })),
      total,
    };
  }

  /** The tenant's active companies that have no account, by name. */
  withoutAccounts(tenantId: number): Promise<Pick<OrganizationEntity, 'id' | 'name'>[]> {
    return this.ds
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .select(['o.id', 'o.name'])
      .where('o.tenantId = :tenantId AND o.parentId IS NULL AND o.status = :active', { tenantId, active: ACTIVE })
      .andWhere('NOT EXISTS (SELECT 1 FROM account a WHERE a.company_id = o.id AND a.tenant_id = o.tenant_id)')
      .orderBy('o.name', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getMany();
  }

  /** An active company of the tenant; locked for the change about to be made when `lock`. */
  findActive(id: number, tenantId: number, m: EntityManager = this.ds.manager, lock = false): Promise<OrganizationEntity | null> {
    return m.getRepository(OrganizationEntity).findOne({
      where: { id, tenantId, parentId: IsNull(), status: ACTIVE },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /**
   * Serialises the changes of one tenant's companies until the transaction ends, so two requests
   * cannot both give the same name.
   */
  async lockTenant(m: EntityManager, tenantId: number): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('customer-company'), $1)`, [tenantId]);
  }

  /** Whether another active company of the tenant has the name. */
  async nameTaken(m: EntityManager, tenantId: number, name: string, exceptId?: number): Promise<boolean> {
    const qb = m
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .where('o.tenantId = :tenantId AND o.parentId IS NULL AND o.status = :active AND o.name = :name', { tenantId, active: ACTIVE, name });
    if (exceptId !== undefined) qb.andWhere('o.id <> :exceptId', { exceptId });
    return (await qb.getCount()) > 0;
  }

  /** Whether the category belongs to the tenant. */
  async categoryExists(m: EntityManager, tenantId: number, categoryId: number): Promise<boolean> {
    return (await m.getRepository(CustomerCategoryEntity).countBy({ id: categoryId, tenantId })) > 0;
  }

  /** The name of a category of the tenant, or empty text. */
  async categoryName(tenantId: number, categoryId: number | null, m: EntityManager = this.ds.manager): Promise<string> {
    if (categoryId === null) return '';
    const row = await m.getRepository(CustomerCategoryEntity).findOne({ select: { name: true }, where: { id: categoryId, tenantId } });
    return row?.name ?? '';
  }

  /** A region of the level (1 province, 2 city) under the parent, or null. */
  region(code: string, level: 1 | 2, parentCode?: string): Promise<RegionEntity | null> {
    return this.ds.getRepository(RegionEntity).findOneBy({ code, level, ...(parentCode ? { parentCode } : {}) });
  }

  /** Inserts the root organisation, then makes it its own company: companyId its id, path "/id/". */
  async insertRoot(
    m: EntityManager,
    row: CustomerCompanyColumns & Pick<OrganizationEntity, 'tenantId' | 'businessType' | 'licenseKey'>,
  ): Promise<OrganizationEntity> {
    const repo = m.getRepository(OrganizationEntity);
    const saved = await repo.save(repo.create({ ...row, parentId: null, companyId: 0, path: '', status: ACTIVE }));
    saved.companyId = saved.id;
    saved.path = `/${saved.id}/`;
    await repo.update({ id: saved.id }, { companyId: saved.companyId, path: saved.path });
    return saved;
  }

  save(m: EntityManager, row: OrganizationEntity): Promise<OrganizationEntity> {
    return m.getRepository(OrganizationEntity).save(row);
  }

  /** Marks the company and every organisation under it deleted. */
  async markDeleted(m: EntityManager, company: OrganizationEntity): Promise<void> {
    await m
      .getRepository(OrganizationEntity)
      .createQueryBuilder()
      .update()
      .set({ status: OrganizationStatus.Deleted })
      .where('tenant_id = :tenantId AND company_id = :companyId', { tenantId: company.tenantId, companyId: company.id })
      .execute();
  }

  /** How many accounts the company has (enabled or not). */
  accountCount(m: EntityManager, companyId: number, tenantId: number): Promise<number> {
    return m.getRepository(AccountEntity).countBy({ companyId, tenantId });
  }

  private async accountCounts(tenantId: number, companyIds: readonly number[]): Promise<Map<number, number>> {
    if (!companyIds.length) return new Map();
    const rows: { id: number; n: string }[] = await this.ds
      .getRepository(AccountEntity)
      .createQueryBuilder('a')
      .select('a.company_id', 'id')
      .addSelect('count(*)', 'n')
      .where('a.tenantId = :tenantId AND a.companyId IN (:...ids)', { tenantId, ids: companyIds })
      .groupBy('a.company_id')
      .getRawMany();
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  private async categoryNames(tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.ds
      .getRepository(CustomerCategoryEntity)
      .createQueryBuilder('c')
      .select(['c.id', 'c.name'])
      .where('c.tenantId = :tenantId AND c.id IN (:...ids)', { tenantId, ids: unique })
      .getMany();
    return new Map(rows.map((c) => [c.id, c.name]));
  }
}
