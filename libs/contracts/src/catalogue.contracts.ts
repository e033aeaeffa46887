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

export const riskCoefficientViewSchema = z
  .object({
    id: z.number(),
    provinceCode: z.string(),
    provinceName: z.string(),
    cityCode: z.string().nullable().describe('null: every city of the province'),
    cityName: z.string().nullable(),
    distCode: z.string().nullable().describe('null: every district of the city'),
    distName: z.string().nullable(),
    businessId: z.string().describe('Comma-separated business type ids; empty: every business'),
    businessName: z.string().describe('Comma-separated names, in the order of businessId'),
    priceCoefficient: z.number().describe('0..1, two decimals'),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updateBy: z.number().nullable(),
    updateName: z.string().nullable(),
  })
  .meta({
    id: 'RiskCoefficientView',
    description: 'GET api/risk/list rows; the answer of api/risk/get (null when the region has none), api/risk/add and update.',
  });
export type RiskCoefficientView = z.infer<typeof riskCoefficientViewSchema>;
