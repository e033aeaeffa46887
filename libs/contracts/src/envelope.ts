import { z } from 'zod';

/** Every API answer, success or error. `code` 200 is success; errors carry the HTTP status as code. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  /** Extra code some answers carry (for example 100: yearly-city quota short). */
  subCode?: number;
}

/** A page of a list: its rows, the number of pages, the page number (from 1) and the number of rows in all. */
export interface Paged<T> {
  list: T[];
  pages: number;
  pageNum: number;
  total: number;
}

/** The page of the institution valuation lists, as the specification shapes it. */
export interface AgencyPage<T> {
  items: T[];
  pageIndex: number;
  pageInfo: { totalResults: number; resultsPerPage: number };
}

/** The schema of a page of `row`s (`{ list, pages, pageNum, total }`), for the API description. */
export const pagedSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    pages: z.number().int().describe('页数'),
    pageNum: z.number().int().describe('页码，从 1 开始'),
    total: z.number().int().describe('总条数'),
  });

/** The schema of an institution valuation page (`{ items, pageIndex, pageInfo }`). */
export const agencyPageSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    items: z.array(row),
    pageIndex: z.number().int().describe('页码，从 1 开始'),
    pageInfo: z.object({ totalResults: z.number().int().describe('总条数'), resultsPerPage: z.number().int().describe('每页条数') }),
  });

export interface PageQuery {
  pageIndex?: number;
  pageSize?: number;
}

/** A page asked for, as the page parser leaves it: pageIndex from 1 and one of the offered sizes. */
export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 50, 100, 200] as const;

/** The number of pages `total` rows fill. */
export const pageCount = (total: number, pageSize: number): number => (pageSize > 0 ? Math.ceil(total / pageSize) : 0);

/** Rows skipped before a page. */
export const pageOffset = (page: PageRequest): number => (page.pageIndex - 1) * page.pageSize;

/** The paging envelope of every list: `{ list, pages, pageNum, total }`. */
export function pagedList<T>(rows: T[], total: number, pageIndex: number, pageSize: number): Paged<T> {
  return { list: rows, pages: pageCount(total, pageSize), pageNum: pageIndex, total };
}

/** The same page in the shape of the institution valuation lists: `{ items, pageIndex, pageInfo }`. */
export function agencyPage<T>(rows: T[], total: number, pageIndex: number, pageSize: number): AgencyPage<T> {
  return { items: rows, pageIndex, pageInfo: { totalResults: total, resultsPerPage: pageSize } };
}

/** The number of pages of an agency page. */
export const agencyPageCount = (page: Pick<AgencyPage<unknown>, 'pageInfo'>): number =>
  pageCount(page.pageInfo.totalResults, page.pageInfo.resultsPerPage);
