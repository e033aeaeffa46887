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

/** The title of a count column on two lines (what is counted, then the count), so four of them fit beside the tree. */
export function CountTitle({ lines }: { lines: readonly [string, string] }) {
  return (
    <>
      {lines[0]}
      <br />
      {lines[1]}
    </>
  );
}
