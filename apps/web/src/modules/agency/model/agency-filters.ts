import { agencyPageCount, type AgencyPage, type Paged } from '@valuation/contracts';
import { AGENCY_REPORT_TYPE_ALL, AGENCY_REPORT_TYPE_FILTER_LABELS, AGENCY_STATE_FILTER_LABELS } from '@valuation/domain';
import { filterQuery, type FilterField, type FilterValues } from '@valuation/ui';

/** Page sizes of the application lists (the spec: default 10). */
export const AGENCY_PAGE_SIZES = [10, 50, 100, 200] as const;

/**
 * The filters of the application lists: city (by name, as the API reads it), community, property
 * location, submit time range (the last 3 months by default), report type (2 all by default) and
 * state (0 all).
 */
export const AGENCY_FIELDS: readonly FilterField[] = [
  { kind: 'text', key: 'cityName', label: '城市', placeholder: '请选择或输入城市', maxLength: 20, width: 150, suggest: 'cityNames' },
  { kind: 'text', key: 'haName', label: '小区名称', placeholder: '请输入小区名称', maxLength: 100, width: 160 },
  { kind: 'text', key: 'cardAddress', label: '房产位置', placeholder: '请输入房产位置', maxLength: 200, width: 170 },
  { kind: 'dateRange', key: 'submitTime', label: '估价时间', beginKey: 'beginTime', endKey: 'endTime', defaultMonths: 3 },
  {
    kind: 'select',
    key: 'reportType',
    label: '估价类型',
    width: 120,
    defaultValue: String(AGENCY_REPORT_TYPE_ALL),
    options: ([2, 1, 0] as const).map((v) => ({ value: String(v), label: AGENCY_REPORT_TYPE_FILTER_LABELS[v] })),
  },
  {
    kind: 'select',
    key: 'reportStatus',
    label: '结果状态',
    width: 110,
    options: ([0, 1, 2, 3] as const).map((v) => ({ value: String(v), label: AGENCY_STATE_FILTER_LABELS[v] })),
  },
];

/** The filters with a city to start from (the channel header's city); the plain filters without one. */
export function agencyFields(defaultCity?: string): readonly FilterField[] {
  if (!defaultCity) return AGENCY_FIELDS;
  return AGENCY_FIELDS.map((f) => (f.key === 'cityName' && f.kind === 'text' ? { ...f, defaultValue: defaultCity } : f));
}

/** The query of GET api/org/list and api/org/tenant/list without the page (the export takes the same). */
export interface AgencyFilterQuery {
  cityName?: string;
  haName?: string;
  cardAddress?: string;
  beginTime?: string;
  endTime?: string;
  reportType: 0 | 1 | 2;
  reportStatus?: 1 | 2 | 3;
}

export type AgencyListParams = AgencyFilterQuery & { pageIndex: number; pageSize: number };

/**
 * The filters as the API reads them: blank texts and the 'all' state left out; the report type is
 * always sent (2 all by default), so 0 keeps meaning preliminary reports.
 */
export function agencyQuery(applied: FilterValues): AgencyFilterQuery {
  const q = filterQuery(applied);
  const type = Number(applied.reportType);
  return {
    cityName: q.cityName,
    haName: q.haName,
    cardAddress: q.cardAddress,
    beginTime: q.beginTime,
    endTime: q.endTime,
    reportType: type === 0 || type === 1 ? type : 2,
    reportStatus: q.reportStatus === undefined ? undefined : (Number(q.reportStatus) as 1 | 2 | 3),
  };
}

/** An agency page in the shape the list table reads. */
export function agencyPageAsPaged<T>(page: AgencyPage<T>): Paged<T> {
  return { list: page.items, total: page.pageInfo.totalResults, pageNum: page.pageIndex, pages: agencyPageCount(page) };
}
