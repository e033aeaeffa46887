import { z } from 'zod';

export const customerCompanyViewSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    categoryId: z.number().nullable(),
    categoryName: z.string().describe('Name of the customer category; empty text without one.'),
    provinceCode: z.string(),
    provinceName: z.string(),
    cityCode: z.string(),
    cityName: z.string(),
    address: z.string(),
    socialCode: z.string(),
    contact: z.string(),
    contactName: z.string().describe('The contact again, under the other name the spec uses.'),
    contactNumber: z.string(),
    email: z.string(),
    fax: z.string(),
    department: z.string(),
    position: z.string(),
    hasLicense: z.boolean().describe('Whether a business licence image is stored (GET .../images?companyId= serves it).'),
    licenseName: z.string().describe('File name of the stored licence image; empty text without one.'),
    revalCharge: z.boolean().describe('押品重估计费: whether its revaluation runs use one valuation count per asset.'),
    accountCount: z.number().int().describe('Accounts of the company; a company with accounts cannot be deleted.'),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  })
  .meta({
    id: 'CustomerCompanyView',
    description: 'GET api/tenant/customer-company/pageable rows; the answer of api/tenant/customer-company/add and update.',
  });
export type CustomerCompanyView = z.infer<typeof customerCompanyViewSchema>;
