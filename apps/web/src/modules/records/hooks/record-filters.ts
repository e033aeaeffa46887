import type { EvalListQuery } from '@valuation/contracts';
import { cleanFilters, defaultDateRange, PROPERTY_TYPE_LABELS } from '@valuation/domain';
import type { CityFilterValue } from '../../../app/filters/CityFilter';

export const RECORD_PAGE_SIZES = [10, 50, 100, 200] as const;

/** What the filter bar holds; 'all' means no restriction. */
export interface RecordFilterForm {
  city: CityFilterValue | null;
  cardAddress: string;
  location: string;
  beginDate?: string;
  endDate?: string;
  type: string;
  evalType: string;
}

export function initialRecordFilters(type?: string | null): RecordFilterForm {
  const propType = type && Number(type) in PROPERTY_TYPE_LABELS ? type : 'all';
  return { city: null, cardAddress: '', location: '', ...defaultDateRange(), type: propType, evalType: 'all' };
}

/** The query of api/eval/list and api/eval/export for the filters: blank ones left out. */
export function recordFilterQuery(form: RecordFilterForm): Omit<EvalListQuery, 'pageIndex' | 'pageSize'> {
  const cleaned = cleanFilters({
    city: form.city?.regionCode,
    cardAddress: form.cardAddress,
    location: form.location,
    beginDate: form.beginDate,
    endDate: form.endDate,
    type: form.type,
    evalType: form.evalType,
  });
  return {
    ...cleaned,
    type: cleaned.type === undefined ? undefined : Number(cleaned.type),
    evalType: cleaned.evalType === undefined ? undefined : (Number(cleaned.evalType) as 1 | 2),
  };
}
