import { Group, Paper, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { formatGrouped } from '@valuation/domain';
import type { ReactNode } from 'react';

export interface StatTileProps {
  label: ReactNode;
  value: number | string | null | undefined;
  unit?: ReactNode;
  loading?: boolean;
  /** When given, the tile is a button (for example a link to the matching list). */
  onClick?: () => void;
}

const formatValue = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? '--' : typeof v === 'number' ? formatGrouped(v, Number.isInteger(v) ? 0 : 2) : v;

/** One figure with its label, as used in the usage and quota blocks. */
export function StatTile({ label, value, unit, loading = false, onClick }: StatTileProps) {
  const body = (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" h="100%">
      <Text size="sm" c="dimmed" mb={6}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} width="50%" />
      ) : (
        <Group gap={4} align="baseline" wrap="nowrap">
          <Text fz={26} fw={600} lh={1.2} c={onClick ? 'brand' : undefined}>
            {formatValue(value)}
          </Text>
          {unit && (
            <Text size="sm" c="dimmed">
              {unit}
            </Text>
          )}
        </Group>
      )}
    </Paper>
  );
  if (!onClick) return body;
  return (
    <UnstyledButton onClick={onClick} style={{ display: 'block', width: '100%', height: '100%' }}>
      {body}
    </UnstyledButton>
  );
}
