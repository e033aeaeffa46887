import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { RegionItem } from '@valuation/contracts';
import { useMemo, useState } from 'react';
import { api } from '../api/client';

export interface CityFilterValue {
  regionCode: string;
  regionName: string;
}

export interface CityFilterProps {
  label?: string;
  value: CityFilterValue | null;
  onChange: (value: CityFilterValue | null) => void;
  w?: number;
}

/** A city filter of a list screen: type a Chinese name or pinyin, choose from api/region/filter. */
export function CityFilter({ label = '城市', value, onChange, w = 160 }: CityFilterProps) {
  const [search, setSearch] = useState(value?.regionName ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const typing = debounced !== '' && debounced !== value?.regionName;
  const matches = useQuery({
    queryKey: ['region', 'filter', debounced],
    queryFn: ({ signal }) => api.get<RegionItem[]>('/api/region/filter', { name: debounced }, { signal, notifyErrors: false }),
    enabled: typing,
    staleTime: 10 * 60_000,
  });
  const data = useMemo(() => {
    const items = typing ? (matches.data ?? []) : [];
    const options = items.map((c) => ({ value: c.regionCode, label: c.regionName }));
    if (value && !options.some((o) => o.value === value.regionCode)) options.unshift({ value: value.regionCode, label: value.regionName });
    return options;
  }, [typing, matches.data, value]);

  return (
    <Select
      label={label}
      placeholder="全部"
      w={w}
      searchable
      clearable
      data={data}
      value={value?.regionCode ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={typing && !matches.isFetching ? '未找到城市' : undefined}
      onChange={(code, option) => onChange(code && option ? { regionCode: code, regionName: option.label } : null)}
    />
  );
}
