import { z } from 'zod';

export const businessViewSchema = z
  .object({
    id: z.number(),
    businessName: z.string(),
    businessRemark: z.string(),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    createBy: z.number().nullable(),
    createName: z.string().nullable(),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updateBy: z.number().nullable(),
    updateName: z.string().nullable(),
  })
  .meta({ id: 'BusinessView', description: 'GET api/business/pageable rows; the answer of api/business/add and update.' });
export type BusinessView = z.infer<typeof businessViewSchema>;

export const customerCategoryViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    remark: z.string(),
    companyCount: z.number().int().describe('Customer companies of the category; a category in use cannot be deleted.'),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updateName: z.string(),
  })
  .meta({
    id: 'CustomerCategoryView',
    description: 'GET api/tenant/customer-category/pageable rows; the answer of api/tenant/customer-category/add and update.',
  });
export type CustomerCategoryView = z.infer<typeof customerCategoryViewSchema>;

export const customerCategoryOptionSchema = z
  .object({ id: z.number(), name: z.string() })
  .meta({ id: 'CustomerCategoryOption', description: "GET /api/tenant/customer-category/list: the channel's categories, by name." });
export type CustomerCategoryOption = z.infer<typeof customerCategoryOptionSchema>;
