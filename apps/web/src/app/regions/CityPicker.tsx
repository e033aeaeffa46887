import { Autocomplete, Button, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { RegionItem, RegionTreeNode } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { stripCitySuffix } from '../session/valuation-session';
import { cityFilterQuery, useCityFilter, useCityPinyinGroups, useProvinceTree } from './city-api';
import classes from './CityPicker.module.css';

export const CityMsg = {
  inputRequired: '请输入城市中文名或拼音!',
  inputInvalid: '请输入正确的城市名或拼音！',
} as const;

export interface CityPickerProps {
  /** Whose token the city lookups carry: the population of the page showing the picker. */
  population: Population;
  opened: boolean;
  onClose: () => void;
  onPick: (city: RegionItem) => void;
  /** The city found from the browser's position; null while unknown. */
  located: RegionItem | null;
  locating: boolean;
  common: readonly RegionItem[];
  /** The opened cities (已开通) of the user's service scope, listed first. */
  openedCities?: readonly RegionItem[];
}

function CityButton({ city, onPick }: { city: RegionItem; onPick: (c: RegionItem) => void }) {
  return (
    <UnstyledButton className={classes.city} onClick={() => onPick(city)}>
      {stripCitySuffix(city.regionName)}
    </UnstyledButton>
  );
}

function CityGrid({ cities, onPick }: { cities: readonly RegionItem[]; onPick: (c: RegionItem) => void }) {
  return (
    <SimpleGrid cols={6} spacing={6} verticalSpacing={6}>
      {cities.map((c) => (
        <CityButton key={c.regionCode} city={c} onPick={onPick} />
      ))}
    </SimpleGrid>
  );
}

function ByPinyin({ population, onPick }: { population: Population; onPick: (c: RegionItem) => void }) {
  const groups = useCityPinyinGroups(population, true);
  const [key, setKey] = useState<string | null>(null);
  if (groups.isLoading) return <Loader size="sm" />;
  const list = groups.data ?? [];
  const active = list.find((g) => g.pyKey === key) ?? list[0];
  return (
    <Stack gap="sm">
      <Group gap={4}>
        {list.map((g) => (
          <UnstyledButton
            key={g.pyKey}
            className={classes.letter}
            data-active={g.pyKey === active?.pyKey || undefined}
            onClick={() => setKey(g.pyKey)}
          >
            {g.pyKey}
          </UnstyledButton>
        ))}
      </Group>
      <ScrollArea.Autosize mah={220}>{active && <CityGrid cities={active.items} onPick={onPick} />}</ScrollArea.Autosize>
    </Stack>
  );
}

const asItem = (n: RegionTreeNode): RegionItem => ({ regionName: stripCitySuffix(n.regionName), regionCode: n.regionCode });

function ByProvince({ population, onPick }: { population: Population; onPick: (c: RegionItem) => void }) {
  const tree = useProvinceTree(population, true);
  const [code, setCode] = useState<string | null>(null);
  if (tree.isLoading) return <Loader size="sm" />;
  const provinces = tree.data ?? [];
  const active = provinces.find((p) => p.regionCode === code) ?? provinces[0];
  return (
    <Stack gap="sm">
      <Group gap={4}>
        {provinces.map((p) => (
          <UnstyledButton
            key={p.regionCode}
            className={classes.letter}
            data-active={p.regionCode === active?.regionCode || undefined}
            onClick={() => setCode(p.regionCode)}
          >
            {p.regionName.replace(/(省|市|自治区|特别行政区|壮族|回族|维吾尔)+$/u, '')}
          </UnstyledButton>
        ))}
      </Group>
      <ScrollArea.Autosize mah={180}>{active && <CityGrid cities={active.items.map(asItem)} onPick={onPick} />}</ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * The city picker overlay: located city, direct input with suggestions, the opened cities of the
 * user's service scope, common cities, and tabs by pinyin initial or province. It can always be
 * closed without choosing.
 */
export function CityPicker({ population, opened, onClose, onPick, located, locating, common, openedCities = [] }: CityPickerProps) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(input, 200);
  const suggestions = useCityFilter(population, debounced);

  const pick = (city: RegionItem) => {
    setInput('');
    setError(null);
    onPick({ regionName: stripCitySuffix(city.regionName), regionCode: city.regionCode });
  };

  const confirm = async () => {
    const q = input.trim();
    if (!q) return setError(CityMsg.inputRequired);
    let matches: RegionItem[];
    try {
      matches = await queryClient.fetchQuery(cityFilterQuery(population, q));
    } catch {
      return setError(CityMsg.inputInvalid);
    }
    const match = matches.find((c) => c.regionName === stripCitySuffix(q)) ?? matches[0];
    if (match) pick(match);
    else setError(CityMsg.inputInvalid);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="选择城市" size={640} centered closeButtonProps={{ 'aria-label': '关闭' }}>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            当前定位城市：
          </Text>
          {located ? (
            <CityButton city={located} onPick={pick} />
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              {locating ? '定位中…' : '（定位失败，请在下方选择城市）'}
            </Text>
          )}
        </Group>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <Autocomplete
            aria-label="城市名称或拼音"
            placeholder="请输入城市中文名或拼音"
            style={{ flex: 1 }}
            value={input}
            onChange={(v) => {
              setInput(v);
              setError(null);
            }}
            data={(suggestions.data ?? []).map((c) => c.regionName)}
            filter={({ options: opts }) => opts}
            onOptionSubmit={(label) => {
              const city = suggestions.data?.find((c) => c.regionName === label);
              if (city) pick(city);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.defaultPrevented) void confirm();
            }}
            error={error}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
          <Button onClick={() => void confirm()}>确定</Button>
        </Group>
        {openedCities.length > 0 && (
          <Stack gap={6} data-testid="opened-cities">
            <Text size="sm" fw={600}>
              已开通城市
            </Text>
            <CityGrid cities={openedCities} onPick={pick} />
          </Stack>
        )}
        {common.length > 0 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              常用城市
            </Text>
            <CityGrid cities={common} onPick={pick} />
          </Stack>
        )}
        <Text size="sm" fw={600} mb={-8}>
          全部城市
        </Text>
        <Tabs defaultValue="py" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="py">按拼音</Tabs.Tab>
            <Tabs.Tab value="province">按省份</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="py" pt="sm">
            <ByPinyin population={population} onPick={pick} />
          </Tabs.Panel>
          <Tabs.Panel value="province" pt="sm">
            <ByProvince population={population} onPick={pick} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Modal>
  );
}
