import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { LoanApplyCollateral } from '@valuation/contracts';
import { formatEvalPrice } from '@valuation/domain';
import { useMemo, useState } from 'react';
import { useCollateralChoices } from '../api/loan-applications-api';

const SEPARATOR = ' · ';

/** How a valuation is named in the picker: its place and value. */
export const collateralLabel = (c: LoanApplyCollateral) =>
  [c.location ?? c.cardAddress ?? c.cityName, formatEvalPrice(c.totalPrice, 1)].join(SEPARATOR);

export interface CollateralSelectProps {
  value: string;
  /** The collateral already chosen (an application being edited), shown though it is not among the newest. */
  current: LoanApplyCollateral | null;
  onChange: (evalCode: string, collateral: LoanApplyCollateral | null) => void;
  error?: string;
  enabled: boolean;
}

/** Picks the sale valuation securing a loan among the newest the user may see, found by code, address or community. */
export function CollateralSelect({ value, current, onChange, error, enabled }: CollateralSelectProps) {
  const [search, setSearch] = useState('');
  // The text of a chosen option is not a search.
  const [keyword] = useDebouncedValue(search.includes(SEPARATOR) ? '' : search.trim(), 250);
  const choices = useCollateralChoices(keyword, enabled);
  const byCode = useMemo(() => {
    const map = new Map<string, LoanApplyCollateral>();
    if (current) map.set(current.evalCode, current);
    for (const c of choices.data ?? []) map.set(c.evalCode, c);
    return map;
  }, [choices.data, current]);
  const data = useMemo(() => [...byCode.values()].map((c) => ({ value: c.evalCode, label: collateralLabel(c) })), [byCode]);
  return (
    <Select
      label="押品（估价记录）"
      withAsterisk
      placeholder="输入估价编号、证载地址或小区查找"
      description="本公司数据范围内最近的售价估价"
      searchable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={choices.isFetching ? '查找中…' : '无匹配的售价估价记录'}
      allowDeselect={false}
      error={error}
      renderOption={({ option }) => {
        const c = byCode.get(option.value);
        return c ? (
          <Stack gap={0}>
            <Text size="sm">{collateralLabel(c)}</Text>
            <Text size="xs" c="dimmed">
              {c.evalCode} · {c.cardAddress ?? c.cityName} · {c.evalDate}
            </Text>
          </Stack>
        ) : (
          option.label
        );
      }}
      onChange={(code) => code && onChange(code, byCode.get(code) ?? null)}
    />
  );
}
