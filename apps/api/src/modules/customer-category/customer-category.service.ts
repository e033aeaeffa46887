import { Injectable } from '@nestjs/common';
import { pagedList, type CustomerCategoryOption, type CustomerCategoryView, type Paged } from '@valuation/contracts';
import {
  categoryInUseMessage,
  CUSTOMER_CATEGORY_LOG_LABELS,
  CustomerCategoryMsg,
  formatDateTime,
  type CustomerCategoryAdd,
  type CustomerCategoryEdit,
  type CustomerCategoryListQuery,
  type RecordSnapshot,
} from '@valuation/domain';
import { CustomerCategoryRepository, UnitOfWork, type CustomerCategoryEntity } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { clip } from '../auth/audit-trail.service';

export function toCustomerCategoryView(c: CustomerCategoryEntity, companyCount: number): CustomerCategoryView {
  return {
    id: c.id,
    name: c.name,
    remark: c.remark,
    companyCount,
    updateTime: formatDateTime(c.updatedAt),
    updateName: c.updatedName,
  };
}

/** The fields of a category an administrator edits, as the operation log keeps them. */
const snapshot = (c: CustomerCategoryEntity): RecordSnapshot => ({ name: c.name, remark: c.remark });

const target = (c: CustomerCategoryEntity) => ({ type: 'customer_category', id: c.id, name: c.name });

/**
 * The channel's customer categories. Every change writes its operation-log row in its own
 * transaction; a category that customer companies still have cannot be deleted.
 */
@Injectable()
export class CustomerCategoryService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly categories: CustomerCategoryRepository,
    private readonly log: AdminLog,
  ) {}

  async page(p: Principal, q: CustomerCategoryListQuery): Promise<Paged<CustomerCategoryView>> {
    const { rows, total } = await this.categories.page(p.tenantId, q);
    return pagedList(
      rows.map((r) => toCustomerCategoryView(r.category, r.companyCount)),
      total,
      q.pageIndex,
      q.pageSize,
    );
  }

  async options(p: Principal): Promise<CustomerCategoryOption[]> {
    return (await this.categories.options(p.tenantId)).map((c) => ({ id: c.id, name: c.name }));
  }

  async add(p: Principal, input: CustomerCategoryAdd, ip: string | undefined): Promise<Reply<CustomerCategoryView>> {
    const row = await this.uow.run(async (m) => {
      const saved = await this.categories.insert(m, {
        tenantId: p.tenantId,
        name: input.name,
        remark: input.remark,
        createdBy: p.id,
        updatedBy: p.id,
        updatedName: clip(p.userName, 20),
      });
      await this.log.write(m, p, ip, {
        action: '新增客户类别',
        target: target(saved),
        after: snapshot(saved),
        labels: CUSTOMER_CATEGORY_LOG_LABELS,
      });
      return saved;
    });
    return new Reply(toCustomerCategoryView(row, 0), CustomerCategoryMsg.added);
  }

  async update(p: Principal, input: CustomerCategoryEdit, ip: string | undefined): Promise<Reply<CustomerCategoryView>> {
    const result = await this.uow.run(async (m) => {
      const found = await this.categories.findForChange(m, input.id, p.tenantId);
      if (!found) throw ApiError.notFound(CustomerCategoryMsg.notFound);
      const before = snapshot(found);
      found.name = input.name;
      found.remark = input.remark;
      found.updatedBy = p.id;
      found.updatedName = clip(p.userName, 20);
      const saved = await this.categories.save(m, found);
      await this.log.write(m, p, ip, {
        action: '编辑客户类别',
        target: target(saved),
        before,
        after: snapshot(saved),
        labels: CUSTOMER_CATEGORY_LOG_LABELS,
      });
      return { saved, companies: await this.categories.companiesUsing(m, saved.id, p.tenantId) };
    });
    return new Reply(toCustomerCategoryView(result.saved, result.companies), CustomerCategoryMsg.edited);
  }

  async remove(p: Principal, id: number, ip: string | undefined): Promise<Reply<null>> {
    await this.uow.run(async (m) => {
      const found = await this.categories.findForChange(m, id, p.tenantId);
      if (!found) throw ApiError.notFound(CustomerCategoryMsg.notFound);
      const companies = await this.categories.companiesUsing(m, found.id, p.tenantId);
      if (companies > 0) throw ApiError.badRequest(categoryInUseMessage(companies));
      await this.categories.delete(m, found.id, p.tenantId);
      await this.log.write(m, p, ip, {
        action: '删除客户类别',
        target: target(found),
        before: snapshot(found),
        after: null,
        labels: CUSTOMER_CATEGORY_LOG_LABELS,
      });
    });
    return new Reply(null, CustomerCategoryMsg.deleted);
  }
}
