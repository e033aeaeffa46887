import { Text } from '@mantine/core';
import { formatGrouped } from '@valuation/domain';

/** A count in a table, with separators; a revoke's negative count in red with its sign, 0 dimmed. */
export function CountCell({ value }: { value: number }) {
  return (
    <Text span size="sm" c={value < 0 ? 'red' : value === 0 ? 'dimmed' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatGrouped(value)}
    </Text>
  );
}
