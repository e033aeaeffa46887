import { SimpleGrid } from '@mantine/core';
import { StatTile } from '@valuation/ui';

export interface StatTotal {
  label: string;
  value: number | undefined;
  unit: string;
}

/** The totals strip of a statistics screen: one tile per figure of the filtered rows. */
export function StatTotals({ items, loading }: { items: readonly StatTotal[]; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: Math.min(items.length, 7) }} spacing="md" aria-label="统计合计">
      {items.map((s) => (
        <StatTile key={s.label} label={s.label} value={s.value} unit={s.unit} loading={loading} />
      ))}
    </SimpleGrid>
  );
}
