import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CustomerBalanceSummary } from '@valuation/contracts';
import { ALLOCATION_KIND_LABELS, ALLOCATION_KINDS } from '@valuation/domain';
import { StatTile } from '@valuation/ui';
import { allocatable, COUNT_UNITS } from '../model/allocation-form';

/** What the signed-in administrator can still allocate: the four counts and the cities of the annual packages. */
export function AllocatableSummary({ summary, loading }: { summary: CustomerBalanceSummary | undefined; loading: boolean }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        可分配余额
      </Text>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        {ALLOCATION_KINDS.map((kind) => (
          <StatTile
            key={kind}
            label={ALLOCATION_KIND_LABELS[kind]}
            value={summary ? allocatable(summary, kind) : undefined}
            unit={COUNT_UNITS[kind]}
            loading={loading}
          />
        ))}
      </SimpleGrid>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          包年城市
        </Text>
        <Text size="sm">{loading ? '' : summary?.buyScope || '--'}</Text>
      </Group>
    </Stack>
  );
}
