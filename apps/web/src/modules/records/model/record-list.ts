import type { EvalListQuery } from '@valuation/contracts';
import { EVAL_TYPE_LABELS, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';

/** The record list's page sizes (staff back-office spec, section 9). */
export const RECORD_PAGE_SIZES = [10, 50, 100, 200] as const;

const ALL = { value: 'all', label: '全部' };

/** The filters of the valuation record list; `type` is also the route's query (a link from the sidebar). */
export const RECORD_FIELDS: readonly FilterField[] = [
  { kind: 'region', key: 'region', label: '城市', keys: { province: 'province', city: 'city' }, width: 110 },
  { kind: 'text', key: 'cardAddress', label: '证载地址', placeholder: '请输入证载地址', maxLength: 200, width: 170 },
  { kind: 'text', key: 'location', label: '小区/位置', placeholder: '请输入小区名称或位置', maxLength: 200, width: 170 },
  { kind: 'dateRange', key: 'evalDate', label: '估价时间', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 3 },
  {
    kind: 'select',
    key: 'type',
    label: '物业类型',
    width: 100,
    options: [ALL, ...['11', '22', '21'].map((v) => ({ value: v, label: PROPERTY_TYPE_LABELS[Number(v)] }))],
  },
  {
    kind: 'select',
    key: 'evalType',
    label: '估价类型',
    width: 100,
    options: [ALL, ...[1, 2].map((v) => ({ value: String(v), label: EVAL_TYPE_LABELS[v] }))],
  },
];

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** The query of api/eval/list and api/eval/export from the applied filters (blank ones already dropped). */
export function recordQuery(q: Readonly<Record<string, string>>): Omit<EvalListQuery, 'pageIndex' | 'pageSize'> {
  return {
    city: q.city,
    cardAddress: q.cardAddress,
    location: q.location,
    beginDate: q.beginDate,
    endDate: q.endDate,
    type: num(q.type),
    evalType: num(q.evalType) as EvalListQuery['evalType'],
  };
}
