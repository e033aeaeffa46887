import { ActionIcon, Group, Input, Text, TextInput } from '@mantine/core';
import { clampFilterDate, dateRangeBounds, formatFilterDate, parseFilterDate, type DateBounds } from '@valuation/domain';
import { useEffect, useRef, useState } from 'react';

export interface DateRangeValue {
  /** yyyy/MM/dd */
  beginDate?: string;
  /** yyyy/MM/dd */
  endDate?: string;
}

export interface DateRangeFilterProps {
  label?: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** The latest date that may be chosen; today by default. */
  today?: Date;
  inputWidth?: number;
}

/** Native date inputs take and give yyyy-MM-dd. */
const toNative = (date: string | undefined) => (date ? date.replace(/\//g, '-') : '');

function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  );
}

interface FilterDateInputProps {
  label: string;
  value: string | undefined;
  bounds: DateBounds;
  onChange: (value: string | undefined) => void;
  width: number;
}

/**
 * A yyyy/MM/dd text field with the browser's calendar behind its icon. A typed date is read on
 * blur or Enter and moved inside the bounds; text that is not a date restores the last value.
 */
function FilterDateInput({ label, value, bounds, onChange, width }: FilterDateInputProps) {
  const [text, setText] = useState(value ?? '');
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value ?? ''), [value]);

  const commit = () => {
    const typed = text.trim();
    if (!typed) return onChange(undefined);
    const date = parseFilterDate(typed.replace(/\./g, '/'));
    if (!date) return setText(value ?? '');
    const next = clampFilterDate(formatFilterDate(date), bounds);
    setText(next);
    if (next !== value) onChange(next);
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.click();
  };

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        aria-label={label}
        placeholder="yyyy/MM/dd"
        w={width}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        rightSection={
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`选择${label}`} onClick={openPicker}>
            <CalendarIcon />
          </ActionIcon>
        }
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={toNative(value)}
        min={toNative(bounds.min)}
        max={toNative(bounds.max)}
        onChange={(e) => {
          const date = parseFilterDate(e.currentTarget.value);
          if (date) onChange(clampFilterDate(formatFilterDate(date), bounds));
        }}
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: '100%',
          height: 0,
          opacity: 0,
          border: 0,
          padding: 0,
          pointerEvents: 'none',
        }}
      />
    </div>
  );
}

/**
 * Begin and end date filters of a list (yyyy/MM/dd). Each restricts the other, the earliest date
 * is 2018/01/01 and the latest today.
 */
export function DateRangeFilter({ label = '日期', value, onChange, today, inputWidth = 140 }: DateRangeFilterProps) {
  const bounds = dateRangeBounds(value.beginDate, value.endDate, today);
  return (
    <div>
      <Input.Label>{label}</Input.Label>
      <Group gap={6} wrap="nowrap">
        <FilterDateInput
          label={`${label}开始`}
          width={inputWidth}
          value={value.beginDate}
          bounds={bounds.begin}
          onChange={(beginDate) => onChange({ ...value, beginDate })}
        />
        <Text size="sm" c="dimmed">
          至
        </Text>
        <FilterDateInput
          label={`${label}结束`}
          width={inputWidth}
          value={value.endDate}
          bounds={bounds.end}
          onChange={(endDate) => onChange({ ...value, endDate })}
        />
      </Group>
    </div>
  );
}
