import type { AssetListQuery, AssetTypeOption } from '@valuation/contracts';
import { EVAL_TYPE_LABELS, UNTYPED_ASSET } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';

/** The asset list's page sizes (staff back-office spec, section 9). */
export const ASSET_PAGE_SIZES = [10, 50, 100, 200] as const;

const ALL = { value: 'all', label: '全部' };

/** The label of an asset without a type. */
export const UNTYPED_LABEL = '无类型';

/** The filters of the asset list, the asset type's options from the company's types. */
export function assetFields(types: readonly AssetTypeOption[]): readonly FilterField[] {
  return [
    { kind: 'region', key: 'region', label: '城市', keys: { province: 'province', city: 'city' }, width: 110 },
    { kind: 'text', key: 'cardAddress', label: '证载地址', placeholder: '请输入证载地址', maxLength: 200, width: 170 },
    { kind: 'text', key: 'location', label: '小区/位置', placeholder: '请输入小区名称或位置', maxLength: 200, width: 170 },
    { kind: 'dateRange', key: 'evalDate', label: '估价时间', beginKey: 'beginDate', endKey: 'endDate' },
    {
      kind: 'select',
      key: 'assetType',
      label: '资产类型',
      width: 130,
      searchable: types.length > 8,
      options: [ALL, { value: UNTYPED_ASSET, label: UNTYPED_LABEL }, ...types.map((t) => ({ value: String(t.id), label: t.assetName }))],
    },
    {
      kind: 'select',
      key: 'evalType',
      label: '估价类型',
      width: 100,
      options: [ALL, ...[1, 2].map((v) => ({ value: String(v), label: EVAL_TYPE_LABELS[v] }))],
    },
  ];
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** The query of api/asset/list and api/asset/export from the applied filters (blank ones already dropped). */
export function assetQuery(q: Readonly<Record<string, string>>): Omit<AssetListQuery, 'pageIndex' | 'pageSize'> {
  return {
    city: q.city,
    cardAddress: q.cardAddress,
    location: q.location,
    beginDate: q.beginDate,
    endDate: q.endDate,
    assetType: q.assetType === UNTYPED_ASSET ? UNTYPED_ASSET : num(q.assetType),
    evalType: num(q.evalType) as AssetListQuery['evalType'],
  };
}
