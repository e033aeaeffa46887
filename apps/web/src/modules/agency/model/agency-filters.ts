import { agencyPageCount, type AgencyPage, type Paged } from '@valuation/contracts';
import { AGENCY_REPORT_TYPE_ALL } from '@valuation/domain';
import type { CityFilterValue } from '../../../app/filters/CityFilter';

export const AGENCY_PAGE_SIZES = [10, 50, 100, 200] as const;

/** What the filter bar of the application lists holds. */
export interface AgencyFilterForm {
  city: CityFilterValue | null;
  haName: string;
  cardAddress: string;
  beginTime?: string;
  endTime?: string;
  /** '2' all, '1' formal, '0' preliminary. */
  reportType: string;
  /** '0' all, '1' pending, '2' in progress, '3' done. */
  reportStatus: string;
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

export const initialAgencyFilters = (): AgencyFilterForm => ({
  city: null,
  haName: '',
  cardAddress: '',
  reportType: String(AGENCY_REPORT_TYPE_ALL),
  reportStatus: '0',
});

const text = (v: string) => {
  const t = v.trim();
  return t === '' ? undefined : t;
};

function reportTypeOf(v: string): 0 | 1 | 2 {
  return v === '0' ? 0 : v === '1' ? 1 : 2;
}

function reportStatusOf(v: string): 1 | 2 | 3 | undefined {
  return v === '1' ? 1 : v === '2' ? 2 : v === '3' ? 3 : undefined;
}

/**
 * The filters as the API reads them: blank texts and the 'all' state left out; the report type is
 * always sent (2 all by default), so 0 keeps meaning preliminary reports.
 */
export function agencyFilterQuery(f: AgencyFilterForm): AgencyFilterQuery {
  const q: AgencyFilterQuery = { reportType: reportTypeOf(f.reportType) };
  const cityName = f.city ? text(f.city.regionName) : undefined;
  const haName = text(f.haName);
  const cardAddress = text(f.cardAddress);
  const reportStatus = reportStatusOf(f.reportStatus);
  if (cityName) q.cityName = cityName;
  if (haName) q.haName = haName;
  if (cardAddress) q.cardAddress = cardAddress;
  if (f.beginTime) q.beginTime = f.beginTime;
  if (f.endTime) q.endTime = f.endTime;
  if (reportStatus) q.reportStatus = reportStatus;
  return q;
}

/** An agency page in the shape the shared list table reads. */
export function agencyPageAsPaged<T>(page: AgencyPage<T>): Paged<T> {
  return { list: page.items, total: page.pageInfo.totalResults, pageNum: page.pageIndex, pages: agencyPageCount(page) };
}
