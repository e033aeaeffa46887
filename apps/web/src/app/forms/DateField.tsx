import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { toFilterDate } from '@valuation/domain';
import type { ReactNode } from 'react';

/** A date typed as yyyy/MM/dd, yyyy-MM-dd or yyyy.MM.dd, as the pickers keep it (yyyy-MM-dd); null when it is not a date. */
function parseTypedDate(text: string): string | null {
  const date = toFilterDate(text.trim().replace(/\./g, '/'));
  return date ? date.replace(/\//g, '-') : null;
}

/** A date of a form, picked or typed, shown yyyy/MM/dd and kept yyyy-MM-dd ('' when empty). */
export function DateField({
  label,
  value,
  min,
  max,
  required,
  error,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  required?: boolean;
  error?: ReactNode;
  onChange: (value: string) => void;
}) {
  return (
    <DateInput
      label={label}
      withAsterisk={required}
      placeholder="yyyy/MM/dd"
      valueFormat="YYYY/MM/DD"
      clearable={!required}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      popoverProps={{ withinPortal: true }}
      minDate={min}
      maxDate={max}
      dateParser={parseTypedDate}
      value={value || null}
      error={error}
      onChange={(picked) => onChange(picked ?? '')}
    />
  );
}
