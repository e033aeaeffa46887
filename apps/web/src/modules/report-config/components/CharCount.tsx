import { Text } from '@mantine/core';
import { textLength } from '@valuation/domain';

/** Characters typed over the limit, red once the limit is passed. */
export function CharCount({ value, max }: { value: string; max: number }) {
  const n = textLength(value.trim());
  return (
    <Text span size="xs" c={n > max ? 'red' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {n}/{max}
    </Text>
  );
}
