import { Select, TextInput } from '@mantine/core';
import { BATCH_TASK_NAME_MAX } from '@valuation/domain';
import { DateRangeFilter, FilterBar } from '@valuation/ui';
import type { ReactNode } from 'react';
import { type BatchFilterForm } from '../hooks/batch-filters';
import { TASK_STATE_OPTIONS } from '../model/batch-format';

export interface BatchFiltersProps {
  value: BatchFilterForm;
  onChange: <K extends keyof BatchFilterForm>(key: K, value: BatchFilterForm[K]) => void;
  onSearch: () => void;
  onReset: () => void;
  actions?: ReactNode;
}

/** Filters of the batch task list. */
export function BatchFilters({ value, onChange, onSearch, onReset, actions }: BatchFiltersProps) {
  return (
    <FilterBar onSearch={onSearch} onReset={onReset} actions={actions}>
      <TextInput
        label="任务名称"
        placeholder="请输入任务名称"
        w={180}
        maxLength={BATCH_TASK_NAME_MAX}
        value={value.taskName}
        onChange={(e) => onChange('taskName', e.currentTarget.value)}
      />
      <Select
        label="任务状态"
        w={120}
        allowDeselect={false}
        data={TASK_STATE_OPTIONS}
        value={value.taskState}
        onChange={(v) => onChange('taskState', v ?? '0')}
      />
      <DateRangeFilter
        label="提交时间"
        value={{ beginDate: value.beginDate, endDate: value.endDate }}
        onChange={(range) => {
          onChange('beginDate', range.beginDate);
          onChange('endDate', range.endDate);
        }}
      />
    </FilterBar>
  );
}
