import { cleanFilters, defaultDateRange, defaultDayRange, parseFilterDate } from '@valuation/domain';

/**
 * The declarative filters of a list page and their place in the URL. Every filter value is text
 * (the URL's own type); a field owns one or more URL keys. The URL holds only what differs from
 * the page's defaults, so a fresh link shows the defaults and a shared link shows the same list.
 */

export type FilterValues = Readonly<Record<string, string>>;

export interface FilterOption {
  value: string;
  label: string;
}

interface FieldBase {
  /** The URL key of the field (for ranges and regions: the field's own name). */
  key: string;
  label: string;
  /** Width of the control in pixels. */
  width?: number;
}

export interface TextFilterField extends FieldBase {
  kind: 'text';
  placeholder?: string;
  maxLength?: number;
  /** Only digits can be typed (codes): anything else typed or pasted is dropped. */
  digitsOnly?: boolean;
  /** The text a fresh list filters by (empty when not given). */
  defaultValue?: string;
  /**
   * 'cityNames': the region tree's city names are offered as soon as the field is clicked (any
   * text can still be typed; the list matches names containing it).
   */
  suggest?: 'cityNames';
}

export interface SelectFilterField extends FieldBase {
  kind: 'select';
  options: readonly FilterOption[];
  /** The option chosen by default; the first option when not given. */
  defaultValue?: string;
  /** Options can be found by typing (long lists such as customer companies). */
  searchable?: boolean;
}

/** Options side by side, applied as soon as one is chosen (no 查询 needed). */
export interface SegmentedFilterField extends FieldBase {
  kind: 'segmented';
  options: readonly FilterOption[];
  defaultValue?: string;
}

export interface DateRangeFilterField extends FieldBase {
  kind: 'dateRange';
  beginKey: string;
  endKey: string;
  /** The default window: the last `defaultMonths` months up to today; no default when neither this nor `defaultDays` is given. */
  defaultMonths?: number;
  /** The default window: the last `defaultDays` days up to today, today included. */
  defaultDays?: number;
}

export interface RegionFilterField extends FieldBase {
  kind: 'region';
  /** The URL keys of the levels shown: province only, province and city, or down to the district. */
  keys: { province: string; city?: string; district?: string };
}

/** A number typed or stepped within bounds (kept as its text); blank means no filter. */
export interface NumberFilterField extends FieldBase {
  kind: 'number';
  min?: number;
  max?: number;
  step?: number;
  /** Decimals shown and kept. */
  decimals?: number;
  placeholder?: string;
  defaultValue?: string;
}

export interface CheckboxFilterField extends FieldBase {
  kind: 'checkbox';
}

/** Organisations picked from the organisation tree (ListPage's `orgTree`), kept as ids separated by commas; none means all. */
export interface OrgTreeFilterField extends FieldBase {
  kind: 'orgTree';
}

export type FilterField =
  | TextFilterField
  | SelectFilterField
  | SegmentedFilterField
  | DateRangeFilterField
  | RegionFilterField
  | NumberFilterField
  | CheckboxFilterField
  | OrgTreeFilterField;

/** The organisation ids an organisation tree filter holds. */
export const orgFilterIds = (value: string | undefined): number[] =>
  (value ?? '')
    .split(',')
    .filter((v) => /^\d{1,10}$/.test(v))
    .map(Number);

/** The value of a ticked checkbox filter. */
export const CHECKED = '1';

/** Whether a field applies as soon as it changes. */
export const appliesAtOnce = (field: FilterField) => field.kind === 'segmented';

/** The URL keys a field owns. */
export function fieldKeys(field: FilterField): string[] {
  switch (field.kind) {
    case 'dateRange':
      return [field.beginKey, field.endKey];
    case 'region':
      return [field.keys.province, field.keys.city, field.keys.district].filter((k): k is string => Boolean(k));
    default:
      return [field.key];
  }
}

/** Every URL key of a list: the fields' keys and the paging keys. */
export function listKeys(fields: readonly FilterField[]): string[] {
  return [...fields.flatMap(fieldKeys), PAGE_KEY, PAGE_SIZE_KEY];
}

/** The values a list starts with and returns to on reset; date windows end `today` (the business today by default). */
export function filterDefaults(fields: readonly FilterField[], today?: Date | string): FilterValues {
  const out: Record<string, string> = {};
  for (const field of fields) {
    switch (field.kind) {
      case 'select':
      case 'segmented':
        out[field.key] = field.defaultValue ?? field.options[0]?.value ?? '';
        break;
      case 'number':
      case 'text':
        out[field.key] = field.defaultValue ?? '';
        break;
      case 'dateRange': {
        const range = field.defaultMonths
          ? defaultDateRange(today, field.defaultMonths)
          : field.defaultDays
            ? defaultDayRange(field.defaultDays, today)
            : null;
        out[field.beginKey] = range?.beginDate ?? '';
        out[field.endKey] = range?.endDate ?? '';
        break;
      }
      default:
        for (const key of fieldKeys(field)) out[key] = '';
    }
  }
  return out;
}

const isDate = (text: string) => parseFilterDate(text) !== null;

/** A value read from the URL, or the default when the field would not accept it. */
function accepted(field: FilterField, key: string, value: string, fallback: string): string {
  switch (field.kind) {
    case 'select':
    case 'segmented':
      return field.options.some((o) => o.value === value) ? value : fallback;
    case 'dateRange':
      return value === '' || isDate(value) ? value.replace(/-/g, '/') : fallback;
    case 'checkbox':
      return value === CHECKED ? CHECKED : '';
    case 'number': {
      if (value === '') return value;
      const n = Number(value);
      const inside = Number.isFinite(n) && (field.min === undefined || n >= field.min) && (field.max === undefined || n <= field.max);
      return inside ? value : fallback;
    }
    case 'region':
      return /^\d{0,12}$/.test(value) ? value : fallback;
    case 'orgTree':
      return /^(\d{1,10}(,\d{1,10})*)?$/.test(value) ? value : fallback;
    default:
      return key === field.key ? value : fallback;
  }
}

/** The filters a URL describes: each key the URL holds (an empty one included), the defaults for the rest. */
export function filtersFromSearch(fields: readonly FilterField[], params: URLSearchParams, defaults: FilterValues): FilterValues {
  const out: Record<string, string> = {};
  for (const field of fields) {
    for (const key of fieldKeys(field)) {
      const fallback = defaults[key] ?? '';
      const raw = params.get(key);
      out[key] = raw === null ? fallback : accepted(field, key, raw, fallback);
    }
  }
  return out;
}

/**
 * The URL entries of filters: only what differs from the defaults, text trimmed. A field emptied
 * by the user whose default is not empty (a cleared date window) stays in the URL as an empty key,
 * so that a reload keeps it empty.
 */
export function filtersToSearch(fields: readonly FilterField[], values: FilterValues, defaults: FilterValues): [string, string][] {
  const out: [string, string][] = [];
  for (const field of fields) {
    for (const key of fieldKeys(field)) {
      const value = (values[key] ?? '').trim();
      if (value === (defaults[key] ?? '')) continue;
      out.push([key, value]);
    }
  }
  return out;
}

/** The query of a list request: the applied filters without their empty, 0 and 'all' values (the spec's rule). */
export function filterQuery(values: FilterValues): Record<string, string> {
  return cleanFilters(values) as Record<string, string>;
}

export const PAGE_KEY = 'pageIndex';
export const PAGE_SIZE_KEY = 'pageSize';

export interface Paging {
  pageIndex: number;
  pageSize: number;
}

/** Page (from 1) and page size of a URL; a size the screen does not offer gives the default. */
export function pagingFromSearch(params: URLSearchParams, pageSizes: readonly number[], defaultPageSize: number): Paging {
  const page = Number(params.get(PAGE_KEY));
  const size = Number(params.get(PAGE_SIZE_KEY));
  return {
    pageIndex: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: pageSizes.includes(size) ? size : defaultPageSize,
  };
}

/** The URL entries of the paging: page 1 and the default size are left out. */
export function pagingToSearch(paging: Paging, defaultPageSize: number): [string, string][] {
  const out: [string, string][] = [];
  if (paging.pageIndex > 1) out.push([PAGE_KEY, String(paging.pageIndex)]);
  if (paging.pageSize !== defaultPageSize) out.push([PAGE_SIZE_KEY, String(paging.pageSize)]);
  return out;
}

/** A URL with the list's keys replaced by `entries`; keys the list does not own are kept. */
export function replaceListKeys(
  params: URLSearchParams,
  fields: readonly FilterField[],
  entries: readonly [string, string][],
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of listKeys(fields)) next.delete(key);
  for (const [key, value] of entries) next.append(key, value);
  return next;
}

/** The URL keys of a list's sort (the names the list requests send). */
export const SORT_FIELD_KEY = 'sortField';
export const SORT_ORDER_KEY = 'sortOrder';
export const SORT_KEYS = [SORT_FIELD_KEY, SORT_ORDER_KEY] as const;

export type SortOrder = 'asc' | 'desc';

/** The column a list is sorted by on the server, and the direction. */
export interface ListSort {
  field: string;
  order: SortOrder;
}

/** The sort a URL describes: a field the list offers and a known direction; null otherwise (the server's order). */
export function sortFromSearch(params: URLSearchParams, sortFields: readonly string[]): ListSort | null {
  const field = params.get(SORT_FIELD_KEY) ?? '';
  const order = params.get(SORT_ORDER_KEY);
  if (!sortFields.includes(field) || (order !== 'asc' && order !== 'desc')) return null;
  return { field, order };
}

/** The URL entries of a sort: none for the server's order. */
export function sortToSearch(sort: ListSort | null): [string, string][] {
  return sort
    ? [
        [SORT_FIELD_KEY, sort.field],
        [SORT_ORDER_KEY, sort.order],
      ]
    : [];
}

/** The next sort on a click of a column's header: ascending, then descending, then the server's order again. */
export function nextSort(current: ListSort | null, field: string): ListSort | null {
  if (current?.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}
