import { Autocomplete, Button, Checkbox, Group, Input, NumberInput, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { DateRangeInput } from '../filters/DateRangeInput';
import { cityNamesOf, RegionCascade, type RegionNode } from '../filters/RegionCascade';
import { OrgTreeSelect } from '../trees/OrgTreeSelect';
import type { OrgNode } from '../trees/org-tree';
import { appliesAtOnce, CHECKED, orgFilterIds, type FilterField, type FilterValues, type TextFilterField } from './list-filters';

export interface FilterBarProps {
  fields: readonly FilterField[];
  values: FilterValues;
  onChange: (patch: Readonly<Record<string, string>>) => void;
  /** A field that applies at once changed: the list shows these values now. */
  onApply?: (patch: Readonly<Record<string, string>>) => void;
  onSearch: () => void;
  onReset: () => void;
  /** Controls at the right end of the bar (export...). */
  actions?: ReactNode;
  /** The region tree for region fields. */
  regionTree?: readonly RegionNode[];
  /** The organisation tree for organisation fields. */
  orgTree?: readonly OrgNode[];
  /** The day date pickers end; today by default. */
  today?: Date | string;
}

/** A city typed or picked from the region tree's cities, which open on click (not only after typing). */
function CityNameInput({
  field,
  values,
  onChange,
  regionTree,
}: {
  field: TextFilterField;
  values: FilterValues;
  onChange: FilterBarProps['onChange'];
  regionTree?: readonly RegionNode[];
}) {
  const names = useMemo(() => cityNamesOf(regionTree), [regionTree]);
  return (
    <Autocomplete
      label={field.label}
      placeholder={field.placeholder ?? `请输入${field.label}`}
      w={field.width ?? 180}
      maxLength={field.maxLength}
      data={names}
      limit={50}
      maxDropdownHeight={280}
      clearable
      value={values[field.key] ?? ''}
      onChange={(text) => onChange({ [field.key]: text })}
      comboboxProps={{ width: 'max-content' }}
    />
  );
}

function FilterControl({
  field,
  values,
  onChange,
  onApply,
  regionTree,
  orgTree,
  today,
}: {
  field: FilterField;
  values: FilterValues;
  onChange: FilterBarProps['onChange'];
  onApply: FilterBarProps['onChange'];
  regionTree?: readonly RegionNode[];
  orgTree?: readonly OrgNode[];
  today?: Date | string;
}) {
  switch (field.kind) {
    case 'text':
      if (field.suggest === 'cityNames') return <CityNameInput field={field} values={values} onChange={onChange} regionTree={regionTree} />;
      return (
        <TextInput
          label={field.label}
          placeholder={field.placeholder ?? `请输入${field.label}`}
          w={field.width ?? 180}
          maxLength={field.maxLength}
          value={values[field.key] ?? ''}
          inputMode={field.digitsOnly ? 'numeric' : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onChange({ [field.key]: field.digitsOnly ? text.replace(/\D/g, '') : text });
          }}
        />
      );
    case 'select':
      return (
        <Select
          label={field.label}
          w={field.width ?? 120}
          allowDeselect={false}
          searchable={field.searchable}
          nothingFoundMessage={field.searchable ? '无匹配项' : undefined}
          data={field.options.map((o) => ({ value: o.value, label: o.label }))}
          value={values[field.key] ?? null}
          onChange={(v) => v !== null && onChange({ [field.key]: v })}
        />
      );
    case 'segmented':
      return (
        <div>
          <Input.Label id={`filter-${field.key}`}>{field.label}</Input.Label>
          <SegmentedControl
            aria-labelledby={`filter-${field.key}`}
            data={field.options.map((o) => ({ value: o.value, label: o.label }))}
            value={values[field.key] ?? ''}
            onChange={(v) => onApply({ [field.key]: v })}
          />
        </div>
      );
    case 'dateRange':
      return (
        <DateRangeInput
          label={field.label}
          inputWidth={field.width}
          today={today}
          value={{ begin: values[field.beginKey] ?? '', end: values[field.endKey] ?? '' }}
          onChange={(range) => onChange({ [field.beginKey]: range.begin, [field.endKey]: range.end })}
        />
      );
    case 'region': {
      const { province, city, district } = field.keys;
      const levels = district ? 3 : city ? 2 : 1;
      return (
        <RegionCascade
          tree={regionTree}
          loading={!regionTree}
          levels={levels}
          width={field.width}
          value={{
            province: values[province] ?? '',
            city: city ? (values[city] ?? '') : '',
            district: district ? (values[district] ?? '') : '',
          }}
          onChange={(v) =>
            onChange({ [province]: v.province, ...(city ? { [city]: v.city } : {}), ...(district ? { [district]: v.district } : {}) })
          }
        />
      );
    }
    case 'orgTree':
      return (
        <OrgTreeSelect
          label={field.label}
          tree={orgTree ?? []}
          width={field.width}
          value={orgFilterIds(values[field.key])}
          onChange={(ids) => onChange({ [field.key]: ids.join(',') })}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={field.label}
          w={field.width ?? 110}
          placeholder={field.placeholder}
          min={field.min}
          max={field.max}
          step={field.step}
          decimalScale={field.decimals}
          clampBehavior="strict"
          value={values[field.key] ?? ''}
          onChange={(v) => onChange({ [field.key]: v === '' ? '' : String(v) })}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          mb={8}
          checked={values[field.key] === CHECKED}
          onChange={(e) => onChange({ [field.key]: e.currentTarget.checked ? CHECKED : '' })}
        />
      );
  }
}

/**
 * The filter row of a list page, drawn from the page's field descriptions: the fields left to
 * right (wrapping on narrow screens), then 查询 and 重置; Enter in a field searches.
 */
export function FilterBar({ fields, values, onChange, onApply, onSearch, onReset, actions, regionTree, orgTree, today }: FilterBarProps) {
  const withButtons = fields.some((f) => !appliesAtOnce(f));
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
        {fields.map((field) => (
          <FilterControl
            key={field.key}
            field={field}
            values={values}
            onChange={onChange}
            onApply={onApply ?? onChange}
            regionTree={regionTree}
            orgTree={orgTree}
            today={today}
          />
        ))}
        {withButtons && (
          <Group gap="sm" wrap="nowrap">
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              查询
            </Button>
            <Button type="reset" variant="default" leftSection={<IconRefresh size={16} />}>
              重置
            </Button>
          </Group>
        )}
        {actions && (
          <Group gap="sm" ml="auto" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
    </form>
  );
}
