import { Combobox, Loader, Text, TextInput, useCombobox, type MantineSize } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CommunityPosition } from '@valuation/contracts';
import { joinPlaceAddress } from '@valuation/domain';
import { COMMUNITY_SEARCH_MIN_CHARS, useCommunitySuggestions } from './community-search';

export const NO_MATCHING_POINT = '没有找到匹配的位置点？请确认后重新查找';

export interface CommunitySearchProps {
  cityCode: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onPick: (position: CommunityPosition) => void;
  /**
   * Enter without a highlighted suggestion: the settled matches of the text (empty when none), or
   * null while the search is still running or the text is too short.
   */
  onEnter?: (matches: CommunityPosition[] | null) => void;
  /** Only communities with coordinates can be picked (the map needs them). */
  requireLocation?: boolean;
  label?: string;
  placeholder?: string;
  error?: string | null;
  size?: MantineSize;
}

const SEARCH_DEBOUNCE_MS = 250;

/** Community and address search with a dropdown of matches in the city. */
export function CommunitySearch({
  cityCode,
  value,
  onChange,
  onPick,
  onEnter,
  requireLocation = false,
  label,
  placeholder = '请输入小区名称或地址',
  error,
  size,
}: CommunitySearchProps) {
  const [debounced] = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const query = useCommunitySuggestions(cityCode, debounced);
  const searching = debounced.trim().length > COMMUNITY_SEARCH_MIN_CHARS;
  const positions = searching ? (query.data?.position ?? []) : [];
  const settled = searching && !query.isFetching && debounced === value;
  const pickable = (p: CommunityPosition) => !requireLocation || (p.lat !== null && p.lon !== null);

  const pick = (position: CommunityPosition) => {
    onChange(position.haName);
    combobox.closeDropdown();
    onPick(position);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(key) => {
        const position = positions.find((p) => p.haCode === key);
        if (position) pick(position);
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          aria-label={label ? undefined : '小区名称或地址'}
          placeholder={placeholder}
          size={size}
          style={{ flex: 1 }}
          value={value}
          error={error}
          disabled={!cityCode}
          rightSection={query.isFetching && searching ? <Loader size={14} /> : null}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0) {
              e.preventDefault();
              combobox.closeDropdown();
              onEnter?.(settled ? positions.filter(pickable) : null);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {positions.map((p) => (
            <Combobox.Option value={p.haCode} key={p.haCode} disabled={!pickable(p)}>
              <Text size="sm">{p.haName}</Text>
              <Text size="xs" c="dimmed">
                {joinPlaceAddress([p.distName, p.mainStreet], ' · ')}
              </Text>
            </Combobox.Option>
          ))}
          {settled && positions.length === 0 && <Combobox.Empty>{NO_MATCHING_POINT}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
