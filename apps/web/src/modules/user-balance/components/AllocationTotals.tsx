import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { AllocationStat } from '@valuation/contracts';
import { ALLOCATION_KIND_LABELS, ALLOCATION_KINDS, type AllocationKind } from '@valuation/domain';
import { StatTile } from '@valuation/ui';
import { COUNT_UNITS } from '../model/allocation-form';

const STAT_KEY: Readonly<Record<AllocationKind, keyof AllocationStat>> = {
  annually: 'annuallyNum',
  universal: 'universalNum',
  advisory: 'advisoryNum',
  inquiry: 'inquiryNum',
};

/** The net counts allocated by the records matching the filters (allocations less revokes). */
export function AllocationTotals({ stat, loading }: { stat: AllocationStat | undefined; loading: boolean }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        分配合计
        <Text span size="xs" c="dimmed" fw={400} ml="xs">
          分配减收回
        </Text>
      </Text>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        {ALLOCATION_KINDS.map((kind) => (
          <StatTile
            key={kind}
            label={ALLOCATION_KIND_LABELS[kind]}
            value={stat?.[STAT_KEY[kind]] ?? 0}
            unit={COUNT_UNITS[kind]}
            loading={loading}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
