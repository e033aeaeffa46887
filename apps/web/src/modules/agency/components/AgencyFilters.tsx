import { Select, TextInput } from '@mantine/core';
import { AGENCY_REPORT_TYPE_FILTER_LABELS, AGENCY_STATE_FILTER_LABELS } from '@valuation/domain';
import { DateRangeFilter, FilterBar } from '@valuation/ui';
import type { ReactNode } from 'react';
import { CityFilter } from '../../../app/filters/CityFilter';
import type { AgencyFilterForm } from '../model/agency-filters';

const REPORT_TYPES = ([2, 1, 0] as const).map((v) => ({ value: String(v), label: AGENCY_REPORT_TYPE_FILTER_LABELS[v] }));
const STATES = ([0, 1, 2, 3] as const).map((v) => ({ value: String(v), label: AGENCY_STATE_FILTER_LABELS[v] }));

export interface AgencyFiltersProps {
  value: AgencyFilterForm;
  onChange: <K extends keyof AgencyFilterForm>(key: K, value: AgencyFilterForm[K]) => void;
  onRange: (range: { beginDate?: string; endDate?: string }) => void;
  onSearch: () => void;
  onReset: () => void;
  actions?: ReactNode;
}

/** Filters of the application lists: city, community, location, submit time range, report type, state. */
export function AgencyFilters({ value, onChange, onRange, onSearch, onReset, actions }: AgencyFiltersProps) {
  return (
    <FilterBar onSearch={onSearch} onReset={onReset} actions={actions}>
      <CityFilter w={140} value={value.city} onChange={(city) => onChange('city', city)} />
      <TextInput
        label="小区名称"
        placeholder="请输入小区名称"
        w={170}
        maxLength={100}
        value={value.haName}
        onChange={(e) => onChange('haName', e.currentTarget.value)}
      />
      <TextInput
        label="房产位置"
        placeholder="请输入房产位置"
        w={190}
        maxLength={200}
        value={value.cardAddress}
        onChange={(e) => onChange('cardAddress', e.currentTarget.value)}
      />
      <DateRangeFilter
        label="估价时间"
        value={{ beginDate: value.beginTime, endDate: value.endTime }}
        onChange={onRange}
        inputWidth={130}
      />
      <Select
        label="估价类型"
        w={130}
        allowDeselect={false}
        data={REPORT_TYPES}
        value={value.reportType}
        onChange={(v) => onChange('reportType', v ?? '2')}
      />
      <Select
        label="结果状态"
        w={120}
        allowDeselect={false}
        data={STATES}
        value={value.reportStatus}
        onChange={(v) => onChange('reportStatus', v ?? '0')}
      />
    </FilterBar>
  );
}
