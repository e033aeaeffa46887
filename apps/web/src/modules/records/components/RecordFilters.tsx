import { Select, TextInput } from '@mantine/core';
import { DateRangeFilter, FilterBar } from '@valuation/ui';
import type { ReactNode } from 'react';
import { CityFilter } from '../../../app/filters/CityFilter';
import type { RecordFilterForm } from '../hooks/record-filters';

const PROPERTY_TYPES = [
  { value: 'all', label: '全部' },
  { value: '11', label: '住宅' },
  { value: '22', label: '商铺' },
  { value: '21', label: '办公' },
];

const EVAL_TYPES = [
  { value: 'all', label: '全部' },
  { value: '1', label: '售价' },
  { value: '2', label: '租金' },
];

export interface RecordFiltersProps {
  value: RecordFilterForm;
  onChange: <K extends keyof RecordFilterForm>(key: K, value: RecordFilterForm[K]) => void;
  onSearch: () => void;
  onReset: () => void;
  actions?: ReactNode;
}

/** Filters of the valuation record list. */
export function RecordFilters({ value, onChange, onSearch, onReset, actions }: RecordFiltersProps) {
  return (
    <FilterBar onSearch={onSearch} onReset={onReset} actions={actions}>
      <CityFilter w={140} value={value.city} onChange={(city) => onChange('city', city)} />
      <TextInput
        label="证载地址"
        placeholder="请输入证载地址"
        w={180}
        maxLength={200}
        value={value.cardAddress}
        onChange={(e) => onChange('cardAddress', e.currentTarget.value)}
      />
      <TextInput
        label="小区/位置"
        placeholder="请输入小区名称或位置"
        w={180}
        maxLength={200}
        value={value.location}
        onChange={(e) => onChange('location', e.currentTarget.value)}
      />
      <DateRangeFilter
        label="估价时间"
        value={{ beginDate: value.beginDate, endDate: value.endDate }}
        onChange={(range) => {
          onChange('beginDate', range.beginDate);
          onChange('endDate', range.endDate);
        }}
      />
      <Select
        label="物业类型"
        w={100}
        allowDeselect={false}
        data={PROPERTY_TYPES}
        value={value.type}
        onChange={(v) => onChange('type', v ?? 'all')}
      />
      <Select
        label="估价类型"
        w={100}
        allowDeselect={false}
        data={EVAL_TYPES}
        value={value.evalType}
        onChange={(v) => onChange('evalType', v ?? 'all')}
      />
    </FilterBar>
  );
}
