import { SimpleGrid } from '@mantine/core';
import { StatTile } from '@valuation/ui';

export interface BalanceStat {
  label: string;
  value: number | undefined;
  unit: string;
}

/** The totals of a balance screen for the filtered rows, one tile each. */
export function BalanceStats({ items, loading }: { items: readonly BalanceStat[]; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {items.map((s) => (
        <StatTile key={s.label} label={s.label} value={s.value} unit={s.unit} loading={loading} />
      ))}
    </SimpleGrid>
  );
}
