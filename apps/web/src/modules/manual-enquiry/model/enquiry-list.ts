import { ARTIFICIAL_STATUS_LABELS } from '@valuation/domain';
import type { FilterField } from '@valuation/ui';
import type { ArtificialListParams } from '../api/manual-enquiry-api';

/** Page sizes of the manual enquiry list (staff back-office spec, section 9). */
export const ENQUIRY_PAGE_SIZES = [10, 50, 100, 200] as const;

/** City, submit date range (the last 3 months), community or address, and whether it was answered. */
export const ENQUIRY_FIELDS: readonly FilterField[] = [
  { kind: 'region', key: 'region', label: '城市', keys: { province: 'province', city: 'city' }, width: 110 },
  { kind: 'dateRange', key: 'submitTime', label: '提交日期', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 3 },
  { kind: 'text', key: 'location', label: '地址', placeholder: '小区名称或地址', maxLength: 200, width: 190 },
  {
    kind: 'select',
    key: 'status',
    label: '状态',
    width: 110,
    options: [
      { value: '0', label: '全部' },
      ...([1, 2, 3] as const).map((status) => ({ value: String(status), label: ARTIFICIAL_STATUS_LABELS[status] })),
    ],
  },
];

/** The query of api/artificial/list and its export from the applied filters. */
export function enquiryQuery(q: Readonly<Record<string, string>>): Omit<ArtificialListParams, 'pageIndex' | 'pageSize'> {
  return {
    city: q.city,
    location: q.location,
    beginDate: q.beginDate,
    endDate: q.endDate,
    status: q.status === undefined ? undefined : Number(q.status),
  };
}
