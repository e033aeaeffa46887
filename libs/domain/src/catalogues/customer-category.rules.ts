import { z } from 'zod';
import { pageQuerySchema } from '../validation/paging.schemas';
import { catalogueId, catalogueName, catalogueRemark } from './catalogue-text';

/** Customer categories (客户类别) of a channel, given to its customer companies. */
export const CustomerCategoryMsg = {
  nameRequired: '类别名称不能为空！',
  nameTooLong: '类别名称不能超过20个字！',
  remarkTooLong: '备注不能超过100个字！',
  notFound: '客户类别不存在',
  added: '新增成功',
  edited: '编辑成功',
  deleted: '删除成功',
} as const;

/** Why a category still given to customer companies cannot be deleted. */
export const categoryInUseMessage = (companies: number): string =>
  `该类别已有${companies}家客户公司使用，请先修改这些客户公司的类别后再删除！`;

export const CUSTOMER_CATEGORY_LIMITS = { name: 20, remark: 100 } as const;

/** Field labels of a category in the operation log. */
export const CUSTOMER_CATEGORY_LOG_LABELS = { name: '类别名称', remark: '备注' } as const;

/** POST api/tenant/customer-category/add (JSON: name, remark). */
export const customerCategoryAddSchema = z.object({
  name: catalogueName(CUSTOMER_CATEGORY_LIMITS.name, CustomerCategoryMsg.nameRequired, CustomerCategoryMsg.nameTooLong),
  remark: catalogueRemark(CUSTOMER_CATEGORY_LIMITS.remark, CustomerCategoryMsg.remarkTooLong),
});
export type CustomerCategoryAdd = z.output<typeof customerCategoryAddSchema>;

/** POST api/tenant/customer-category/update (JSON: id, name, remark). */
export const customerCategoryEditSchema = customerCategoryAddSchema.extend({ id: catalogueId(CustomerCategoryMsg.notFound) });
export type CustomerCategoryEdit = z.output<typeof customerCategoryEditSchema>;

/** POST api/tenant/customer-category/delete (form: id). */
export const customerCategoryDeleteSchema = z.object({ id: catalogueId(CustomerCategoryMsg.notFound) });

/** GET api/tenant/customer-category/pageable (sizes 10, 50, 100, 200). */
export const customerCategoryListQuerySchema = pageQuerySchema();
export type CustomerCategoryListQuery = z.output<typeof customerCategoryListQuerySchema>;
