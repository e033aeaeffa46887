import { Group, Select } from '@mantine/core';
import { useMemo } from 'react';

/** A node of the province, city, district tree (GET api/region/tree). */
export interface RegionNode {
  regionCode: string;
  regionName: string;
  items: readonly RegionNode[];
}

/** Codes of the chosen regions; '' means 全部 at that level. */
export interface RegionValue {
  province: string;
  city: string;
  district: string;
}

export const NO_REGION: RegionValue = { province: '', city: '', district: '' };

export interface RegionCascadeProps {
  tree: readonly RegionNode[] | undefined;
  /** 1 province, 2 province and city, 3 down to the district. */
  levels: 1 | 2 | 3;
  value: RegionValue;
  onChange: (value: RegionValue) => void;
  labels?: readonly [string, string, string];
  loading?: boolean;
  width?: number;
}

/** The option standing for 全部 (Select options cannot be empty text). */
const ALL = 'all';
const allOption = { value: ALL, label: '全部' };

const optionsOf = (nodes: readonly RegionNode[] | undefined) => [
  allOption,
  ...(nodes ?? []).map((n) => ({ value: n.regionCode, label: n.regionName })),
];

const childrenOf = (nodes: readonly RegionNode[] | undefined, code: string) =>
  code ? nodes?.find((n) => n.regionCode === code)?.items : undefined;

/** Every city under its province's name, for a city picked before its province. */
const citiesByProvince = (tree: readonly RegionNode[] | undefined) => [
  allOption,
  ...(tree ?? [])
    .filter((p) => p.items.length > 0)
    .map((p) => ({ group: p.regionName, items: p.items.map((c) => ({ value: c.regionCode, label: c.regionName })) })),
];

/** The province holding a city. */
const provinceOf = (tree: readonly RegionNode[] | undefined, cityCode: string) =>
  tree?.find((p) => p.items.some((c) => c.regionCode === cityCode))?.regionCode ?? '';

/** The names of the tree's cities as users write them (北京, 广州: without a final 市), each once. */
export function cityNamesOf(tree: readonly RegionNode[] | undefined): string[] {
  const names = new Set<string>();
  for (const province of tree ?? [])
    for (const city of province.items) {
      const name = city.regionName.length > 2 ? city.regionName.replace(/市$/, '') : city.regionName;
      names.add(name);
    }
  return [...names];
}

/**
 * Province, city and district pickers, each with 全部 and searchable by name. Choosing a level
 * resets the levels under it. Before a province is chosen the city picker offers every city under
 * its province's name, and picking one chooses its province too; the district picker is disabled
 * until a city is chosen.
 */
export function RegionCascade({
  tree,
  levels,
  value,
  onChange,
  labels = ['省份', '城市', '区县'],
  loading,
  width = 130,
}: RegionCascadeProps) {
  const cities = useMemo(() => childrenOf(tree, value.province), [tree, value.province]);
  const districts = useMemo(() => childrenOf(cities, value.city), [cities, value.city]);
  const placeholder = loading ? '加载中…' : '全部';
  const pick = (v: string | null) => (v === null || v === ALL ? '' : v);

  return (
    <Group gap="sm" wrap="nowrap" align="flex-end">
      <Select
        label={labels[0]}
        w={width}
        searchable
        allowDeselect={false}
        placeholder={placeholder}
        data={optionsOf(tree)}
        value={value.province || ALL}
        nothingFoundMessage="无匹配地区"
        onChange={(v) => onChange({ province: pick(v), city: '', district: '' })}
      />
      {levels >= 2 && (
        <Select
          label={labels[1]}
          w={width}
          searchable
          allowDeselect={false}
          data={value.province ? optionsOf(cities) : citiesByProvince(tree)}
          value={value.city || ALL}
          nothingFoundMessage="无匹配地区"
          onChange={(v) => {
            const city = pick(v);
            const province = value.province || (city ? provinceOf(tree, city) : '');
            onChange({ province, city, district: '' });
          }}
        />
      )}
      {levels >= 3 && (
        <Select
          label={labels[2]}
          w={width}
          searchable
          allowDeselect={false}
          disabled={!value.city}
          data={optionsOf(districts)}
          value={value.district || ALL}
          nothingFoundMessage="无匹配地区"
          onChange={(v) => onChange({ ...value, district: pick(v) })}
        />
      )}
    </Group>
  );
}
