/** Every API answer, success or error. `code` 200 is success; errors carry the HTTP status as code. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  /** Extra code some answers carry (for example 100: yearly-city quota short). */
  subCode?: number;
}

export interface Paged<T> {
  list: T[];
  pages: number;
  pageNum: number;
  total: number;
}

export interface PageQuery {
  pageIndex?: number;
  pageSize?: number;
}

export const PAGE_SIZES = [10, 50, 100, 200] as const;
