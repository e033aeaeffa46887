import { Group, Input, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { clampFilterDate, dateRangeBounds, formatFilterDate, parseFilterDate, type DateBounds } from '@valuation/domain';

export interface DateRangeInputValue {
  /** yyyy/MM/dd, '' when not chosen */
  begin: string;
  /** yyyy/MM/dd, '' when not chosen */
  end: string;
}

export interface DateRangeInputProps {
  label?: string;
  value: DateRangeInputValue;
  onChange: (value: DateRangeInputValue) => void;
  /** The latest date that may be chosen; today by default. */
  today?: Date | string;
  inputWidth?: number;
}

/** The pickers take and give yyyy-MM-dd; the filters keep yyyy/MM/dd. */
const toPicker = (date: string) => (date ? date.replace(/\//g, '-') : null);
const fromPicker = (date: string | null) => (date ? date.replace(/-/g, '/') : '');

/**
 * What a typed date means (yyyy/MM/dd, yyyy-MM-dd or yyyy.MM.dd), moved inside the bounds; null
 * when it is not a calendar date.
 */
function parseTyped(text: string, bounds: DateBounds): string | null {
  const date = parseFilterDate(text.trim().replace(/\./g, '/'));
  return date ? clampFilterDate(formatFilterDate(date), bounds).replace(/\//g, '-') : null;
}

interface EndProps {
  label: string;
  value: string;
  bounds: DateBounds;
  width: number;
  onChange: (value: string) => void;
}

function RangeEnd({ label, value, bounds, width, onChange }: EndProps) {
  return (
    <DateInput
      aria-label={label}
      placeholder="yyyy/MM/dd"
      valueFormat="YYYY/MM/DD"
      w={width}
      clearable
      value={toPicker(value)}
      minDate={toPicker(bounds.min) ?? undefined}
      maxDate={toPicker(bounds.max) ?? undefined}
      dateParser={(text) => parseTyped(text, bounds)}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      popoverProps={{ withinPortal: true }}
      onChange={(picked) => {
        const next = fromPicker(picked);
        onChange(next ? clampFilterDate(next, bounds) : '');
      }}
    />
  );
}

/**
 * Begin and end dates of a filter (yyyy/MM/dd). Each end limits the other: the begin date can
 * not pass the end date nor the end date precede the begin date; the earliest date is 2018/01/01
 * and the latest today. A typed date outside the limits is moved inside them.
 */
export function DateRangeInput({ label = '日期', value, onChange, today, inputWidth = 156 }: DateRangeInputProps) {
  const bounds = dateRangeBounds(value.begin, value.end, today);
  return (
    <div>
      <Input.Label>{label}</Input.Label>
      <Group gap={6} wrap="nowrap">
        <RangeEnd
          label={`${label}开始`}
          width={inputWidth}
          value={value.begin}
          bounds={bounds.begin}
          onChange={(begin) => onChange({ ...value, begin })}
        />
        <Text size="sm" c="dimmed">
          至
        </Text>
        <RangeEnd
          label={`${label}结束`}
          width={inputWidth}
          value={value.end}
          bounds={bounds.end}
          onChange={(end) => onChange({ ...value, end })}
        />
      </Group>
    </div>
  );
}
