import { objectionStateLabel, REVIEW_STATE_LABELS } from '@valuation/domain';
import type { FilterField, FilterOption } from '@valuation/ui';
import type { CaseListFilters } from '../api/review-api';

/** Page sizes of the re-appraisal and objection lists (user-side spec, section 9). */
export const CASE_PAGE_SIZES = [10, 50, 100, 200] as const;

/** City, community or address, submit date range (the last 3 months) and state. */
function caseFields(states: readonly FilterOption[]): readonly FilterField[] {
  return [
    { kind: 'region', key: 'region', label: '城市', keys: { province: 'province', city: 'city' }, width: 110 },
    { kind: 'text', key: 'ha', label: '小区/地址', placeholder: '请输入小区名称或地址', maxLength: 100, width: 190 },
    { kind: 'dateRange', key: 'submitTime', label: '提交时间', beginKey: 'beginDate', endKey: 'endDate', defaultMonths: 3 },
    { kind: 'select', key: 'state', label: '状态', options: [{ value: 'all', label: '全部' }, ...states], width: 120 },
  ];
}

export const REVIEW_FIELDS = caseFields(Object.entries(REVIEW_STATE_LABELS).map(([value, label]) => ({ value, label })));
export const OBJECTION_FIELDS = caseFields([1, 2].map((v) => ({ value: String(v), label: objectionStateLabel(v) })));

/** The query of api/review/list, its export and api/objection/list from the applied filters. */
export function caseQuery(q: Readonly<Record<string, string>>): CaseListFilters {
  return { city: q.city, ha: q.ha, beginDate: q.beginDate, endDate: q.endDate, state: q.state === undefined ? undefined : Number(q.state) };
}
