import { z } from 'zod';
import { pagedSchema } from './envelope';
import { evalTypeSchema } from './eval.contracts';

export const assetTypeViewSchema = z
  .object({
    id: z.number(),
    assetName: z.string(),
    assetRemark: z.string(),
    assetCount: z.number().int().describe('Assets of the company given this type; deleting the type leaves them untyped.'),
    createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    createBy: z.number().nullable(),
    createName: z.string().nullable(),
    updateTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
    updateBy: z.number().nullable(),
    updateName: z.string().nullable(),
  })
  .meta({ id: 'AssetTypeView', description: 'GET api/asset-type/pageable rows; the answer of api/asset-type/add and update.' });
export type AssetTypeView = z.infer<typeof assetTypeViewSchema>;

export const assetTypeOptionSchema = z
  .object({ id: z.number(), assetName: z.string() })
  .meta({ id: 'AssetTypeOption', description: "GET /api/asset-type/list: the company's asset types, by name." });
export type AssetTypeOption = z.infer<typeof assetTypeOptionSchema>;

export const assetRowSchema = z
  .object({
    id: z.number(),
    assetType: z.number().nullable().describe('The asset type id; null for an untyped asset.'),
    assetTypeName: z.string().nullable(),
    evalId: z.number().describe('The latest valuation of the property the caller may see (the row shows it).'),
    evalCode: z.string(),
    city: z.string(),
    ha: z.string().nullable().describe('Community name.'),
    evalDate: z.string().describe('Time of the latest valuation, yyyy-MM-dd HH:mm:ss.'),
    location: z.string().nullable().describe('Community name or the marked address.'),
    cardAddress: z.string().nullable(),
    principalCode: z.string().nullable(),
    bldgArea: z.number(),
    evalType: evalTypeSchema,
    totalPrice: z.number().nullable().describe('In yuan (a sale) or yuan per month (a rent).'),
    unitPrice: z.number().nullable(),
    inquiry: z.boolean(),
    advisory: z.boolean(),
    historyCount: z.number().describe('Valuations of the property, the latest included.'),
    answerCount: z.number().describe('Answered manual enquiries and re-appraisals with a price that stem from those valuations.'),
    addTime: z.string().describe('When the asset was added, yyyy-MM-dd HH:mm:ss.'),
    addedBy: z.string().describe('Name of the account that added it.'),
    loanNo: z.string().nullable().describe('The loan the asset secures; null without one.'),
    loanAmount: z.number().nullable().describe('Amount outstanding, in yuan.'),
    loanDate: z.string().nullable().describe('Origination date, yyyy-MM-dd.'),
    loanOriginValue: z.number().nullable().describe('Value of the asset at origination, in yuan.'),
    ltv: z.number().nullable().describe('Loan to the latest sale value, in percent.'),
  })
  .meta({ id: 'AssetRow', description: 'One row of GET api/asset/list.' });
export type AssetRow = z.infer<typeof assetRowSchema>;

export const assetListSchema = z
  .object({
    pageInfo: pagedSchema(assetRowSchema),
    amount: z.number().describe('Total of the latest sale valuations of every filtered asset, in 万元 with 2 decimals.'),
    rentAmount: z.number().describe('Total of the latest rent valuations of every filtered asset, in 元/月 with 2 decimals.'),
  })
  .meta({ id: 'AssetList', description: 'GET api/asset/list: a page of assets and the value of all filtered assets.' });
export type AssetList = z.infer<typeof assetListSchema>;

export interface AssetListQuery {
  city?: string;
  cardAddress?: string;
  location?: string;
  beginDate?: string;
  endDate?: string;
  /** A type's id, or `none` for untyped assets. */
  assetType?: number | 'none';
  evalType?: 1 | 2;
  pageIndex?: number;
  pageSize?: number;
}
