import { Button, Group } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FilterBarProps {
  /** The filter fields, laid out left to right and wrapped on narrow screens. */
  children: ReactNode;
  onSearch: () => void;
  onReset: () => void;
  /** Controls on the right end of the bar (export, create...). */
  actions?: ReactNode;
  searchLabel?: string;
  resetLabel?: string;
}

/** The filter row of a list screen: fields, then 查询 and 重置; Enter in a field searches. */
export function FilterBar({ children, onSearch, onReset, actions, searchLabel = '查询', resetLabel = '重置' }: FilterBarProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const reset = (event: FormEvent) => {
    event.preventDefault();
    onReset();
  };
  return (
    <form onSubmit={submit} onReset={reset} aria-label="筛选条件">
      <Group align="flex-end" gap="md" wrap="wrap">
        {children}
        <Group gap="sm" wrap="nowrap">
          <Button type="submit">{searchLabel}</Button>
          <Button type="reset" variant="default">
            {resetLabel}
          </Button>
        </Group>
        {actions && (
          <Group gap="sm" ml="auto" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
    </form>
  );
}
