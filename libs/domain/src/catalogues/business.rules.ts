import { z } from 'zod';
import { pageQuerySchema } from '../validation/paging.schemas';
import { catalogueId, catalogueName, catalogueRemark } from './catalogue-text';

/** Business types (业务类型) of a customer company: 按揭贷款, 其他贷款... chosen on the valuation form. */
export const BusinessMsg = {
  nameRequired: '业务名称不能为空！',
  nameTooLong: '业务名称不能超过20个字！',
  remarkTooLong: '备注不能超过100个字！',
  notFound: '业务不存在',
  added: '业务新增成功！',
  edited: '业务编辑成功！',
  deleted: '业务删除成功！',
} as const;

export const BUSINESS_LIMITS = { name: 20, remark: 100 } as const;

/** Business types every demo customer company starts with. */
export const DEFAULT_BUSINESS_NAMES = ['按揭贷款', '其他贷款'] as const;

/** Field labels of a business type in the operation log. */
export const BUSINESS_LOG_LABELS = { businessName: '业务名称', businessRemark: '备注' } as const;

/** POST api/business/add (form: name, remark). */
export const businessAddSchema = z.object({
  name: catalogueName(BUSINESS_LIMITS.name, BusinessMsg.nameRequired, BusinessMsg.nameTooLong),
  remark: catalogueRemark(BUSINESS_LIMITS.remark, BusinessMsg.remarkTooLong),
});
export type BusinessAdd = z.output<typeof businessAddSchema>;

/** POST api/business/update (form: id, name, remark). */
export const businessEditSchema = businessAddSchema.extend({ id: catalogueId(BusinessMsg.notFound) });
export type BusinessEdit = z.output<typeof businessEditSchema>;

/** POST api/business/del (form: id). */
export const businessDeleteSchema = z.object({ id: catalogueId(BusinessMsg.notFound) });

/** GET api/business/pageable (sizes 10, 50, 100, 200). */
export const businessListQuerySchema = pageQuerySchema();
export type BusinessListQuery = z.output<typeof businessListQuerySchema>;

/** Creator and updater as the list shows them: id followed by the name in brackets, 12(张三). */
export function personLabel(id: number | null, name: string | null): string {
  if (id === null) return name ?? '';
  return `${id}(${name ?? ''})`;
}
