import { z } from 'zod';
import { catalogueId, catalogueName, catalogueRemark } from '../catalogues/catalogue-text';
import { checkDateRange, dateRangeFilterShape, filterTextSchema, ListMsg } from '../validation/eval-list.schemas';
import { isBlankFilter } from '../filters/list-filters';
import { pageQuerySchema } from '../validation/paging.schemas';
import { INT4_MAX, recordIdSchema } from '../validation/fields';

/** Asset types (资产类型) of a customer company; an asset has one or none. */
export const AssetTypeMsg = {
  nameRequired: '资产类型名称不能为空！',
  nameTooLong: '资产类型名称不能超过20个字！',
  remarkTooLong: '备注不能超过100个字！',
  notFound: '资产类型不存在',
  added: '资产类型新增成功！',
  edited: '编辑成功！',
  deleted: '资产类型删除成功！',
  deleteConfirm: '您确认删除该资产类型吗？删除后对应设置的资产将为无类型状态!',
} as const;

/** Assets (资产): valuation records a company keeps as its asset book; an asset follows its property. */
export const AssetMsg = {
  added: '加入资产成功！',
  alreadyAdded: '该房产已加入资产，不能重复加入',
  recordNotFound: '估价记录不存在',
  notFound: '资产不存在',
  typeSet: '资产类型设置成功！',
  deleted: '资产删除成功！',
  deleteConfirm: '您确认要删除该资产吗？删除后可从估价记录重新加入。',
  assetTypeInvalid: '资产类型不正确',
} as const;

export const ASSET_TYPE_LIMITS = { name: 20, remark: 100 } as const;

/** Field labels of an asset type in the operation log. */
export const ASSET_TYPE_LOG_LABELS = { assetName: '资产类型名称', assetRemark: '备注' } as const;

/** Field labels of an asset in the operation log. */
export const ASSET_LOG_LABELS = {
  evalCode: '房产首次估价编号',
  assetType: '资产类型',
  loanNo: '贷款编号',
  loanAmount: '贷款余额（元）',
  loanDate: '放款日期',
  loanOriginValue: '放款时估值（元）',
} as const;

/** The asset type filter and assignment value meaning "no type". */
export const UNTYPED_ASSET = 'none';

/** POST api/asset-type/add (form: name, remark). */
export const assetTypeAddSchema = z.object({
  name: catalogueName(ASSET_TYPE_LIMITS.name, AssetTypeMsg.nameRequired, AssetTypeMsg.nameTooLong),
  remark: catalogueRemark(ASSET_TYPE_LIMITS.remark, AssetTypeMsg.remarkTooLong),
});
export type AssetTypeAdd = z.output<typeof assetTypeAddSchema>;

/** POST api/asset-type/update (form: id, name, remark). */
export const assetTypeEditSchema = assetTypeAddSchema.extend({ id: catalogueId(AssetTypeMsg.notFound) });
export type AssetTypeEdit = z.output<typeof assetTypeEditSchema>;

/** POST api/asset-type/del (form: id). */
export const assetTypeDeleteSchema = z.object({ id: catalogueId(AssetTypeMsg.notFound) });

/** GET api/asset-type/pageable (sizes 10, 50, 100, 200). */
export const assetTypeListQuerySchema = pageQuerySchema();
export type AssetTypeListQuery = z.output<typeof assetTypeListQuerySchema>;

/** POST api/asset/add (form: evalId, the valuation record's id). */
export const assetAddSchema = z.object({
  evalId: z.preprocess((v) => (v === '' || v === null ? undefined : v), recordIdSchema(AssetMsg.recordNotFound, 'bigint')),
});
export type AssetAdd = z.output<typeof assetAddSchema>;

/** POST api/asset/update (form: id, assetType: a type's id, or empty for no type). */
export const assetUpdateSchema = z.object({
  id: catalogueId(AssetMsg.notFound),
  assetType: z.preprocess(
    (v) => (v === '' || v === null || v === undefined || v === UNTYPED_ASSET ? null : v),
    catalogueId(AssetMsg.assetTypeInvalid).nullable(),
  ),
});
export type AssetUpdate = z.output<typeof assetUpdateSchema>;

/** POST api/asset/del (form: id). */
export const assetDeleteSchema = z.object({ id: catalogueId(AssetMsg.notFound) });

/** The asset type filter: a type's id, `none` for untyped assets, blank for all. */
const assetTypeFilter = z.preprocess(
  (v) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v),
  z
    .union([
      z.literal(UNTYPED_ASSET),
      z.coerce
        .number({ message: AssetMsg.assetTypeInvalid })
        .int(AssetMsg.assetTypeInvalid)
        .positive(AssetMsg.assetTypeInvalid)
        .max(INT4_MAX, AssetMsg.assetTypeInvalid),
    ])
    .optional(),
);

const assetFilterShape = {
  city: filterTextSchema(50),
  cardAddress: filterTextSchema(200),
  location: filterTextSchema(200),
  ...dateRangeFilterShape,
  assetType: assetTypeFilter,
  evalType: z.preprocess(
    (v) => (isBlankFilter(v as string | number | null | undefined) ? undefined : v),
    z.coerce
      .number({ message: ListMsg.evalTypeInvalid })
      .refine((n) => n === 1 || n === 2, ListMsg.evalTypeInvalid)
      .transform((n) => n as 1 | 2)
      .optional(),
  ),
};

/** Filters of GET api/asset/export. */
export const assetFilterSchema = z.object(assetFilterShape).superRefine(checkDateRange);

/** GET api/asset/list: the filters and the page (sizes 10, 50, 100, 200). */
export const assetListQuerySchema = z.object({ ...assetFilterShape, ...pageQuerySchema().shape }).superRefine(checkDateRange);

/** GET api/asset/history (query id, the asset's id). */
export const assetHistoryQuerySchema = z.object({ id: catalogueId(AssetMsg.notFound) });

export type AssetFilter = z.output<typeof assetFilterSchema>;
export type AssetListFilter = z.output<typeof assetListQuerySchema>;
