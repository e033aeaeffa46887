import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useLoanAssetOptions } from '../api/loan-analytics-api';

export interface LoanAssetPickerProps {
  value: number | undefined;
  /** The loan number of the chosen asset, shown until the options are loaded. */
  valueLabel?: string | null;
  onChange: (assetId: number) => void;
}

/** Picks an asset carrying a loan by its loan number (prefix search, the first 20 by number). */
export function LoanAssetPicker({ value, valueLabel, onChange }: LoanAssetPickerProps) {
  const [search, setSearch] = useState('');
  // The text of a chosen option is not a search.
  const [debounced] = useDebouncedValue(search.includes(' · ') ? '' : search.trim(), 250);
  const options = useLoanAssetOptions(debounced);
  const data = useMemo(() => {
    const list = (options.data ?? []).map((o) => ({
      value: String(o.assetId),
      label: `${o.loanNo} · ${o.haName ?? '--'}（${o.cityName || '--'}）`,
    }));
    if (value !== undefined && !list.some((o) => o.value === String(value)))
      list.unshift({ value: String(value), label: valueLabel ? `${valueLabel}（资产${value}）` : `资产${value}` });
    return list;
  }, [options.data, value, valueLabel]);
  return (
    <Select
      label="押品（贷款编号）"
      placeholder="输入贷款编号查找"
      w={380}
      searchable
      data={data}
      value={value === undefined ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? '查找中…' : '无匹配的贷款编号'}
      allowDeselect={false}
      onChange={(v) => v && onChange(Number(v))}
    />
  );
}
