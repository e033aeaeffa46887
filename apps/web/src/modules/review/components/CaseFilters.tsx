import { Select, TextInput } from '@mantine/core';
import { cleanFilters, defaultDateRange } from '@valuation/domain';
import { DateRangeFilter, FilterBar } from '@valuation/ui';
import type { ReactNode } from 'react';
import { CityFilter, type CityFilterValue } from '../../../app/filters/CityFilter';
import type { CaseListFilters } from '../api/review-api';

export const CASE_PAGE_SIZES = [10, 50, 100, 200] as const;

/** What the filter bar of a case list holds; 'all' means any state. */
export interface CaseFilterForm {
  city: CityFilterValue | null;
  ha: string;
  beginDate?: string;
  endDate?: string;
  state: string;
}

export const initialCaseFilters = (): CaseFilterForm => ({ city: null, ha: '', ...defaultDateRange(), state: 'all' });

export function caseFilterQuery(form: CaseFilterForm): CaseListFilters {
  const cleaned = cleanFilters({
    city: form.city?.regionCode,
    ha: form.ha,
    beginDate: form.beginDate,
    endDate: form.endDate,
    state: form.state,
  });
  return { ...cleaned, state: cleaned.state === undefined ? undefined : Number(cleaned.state) };
}

export interface CaseFiltersProps {
  value: CaseFilterForm;
  onChange: <K extends keyof CaseFilterForm>(key: K, value: CaseFilterForm[K]) => void;
  onSearch: () => void;
  onReset: () => void;
  states: { value: string; label: string }[];
  actions?: ReactNode;
}

/** Filters of the re-appraisal and objection lists: city, community, submit date range, state. */
export function CaseFilters({ value, onChange, onSearch, onReset, states, actions }: CaseFiltersProps) {
  return (
    <FilterBar onSearch={onSearch} onReset={onReset} actions={actions}>
      <CityFilter w={140} value={value.city} onChange={(city) => onChange('city', city)} />
      <TextInput
        label="小区/地址"
        placeholder="请输入小区名称或地址"
        w={200}
        maxLength={100}
        value={value.ha}
        onChange={(e) => onChange('ha', e.currentTarget.value)}
      />
      <DateRangeFilter
        label="提交时间"
        value={{ beginDate: value.beginDate, endDate: value.endDate }}
        onChange={(range) => {
          onChange('beginDate', range.beginDate);
          onChange('endDate', range.endDate);
        }}
      />
      <Select
        label="状态"
        w={120}
        allowDeselect={false}
        data={[{ value: 'all', label: '全部' }, ...states]}
        value={value.state}
        onChange={(v) => onChange('state', v ?? 'all')}
      />
    </FilterBar>
  );
}
