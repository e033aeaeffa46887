import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { LoanMover } from '@valuation/contracts';
import { formatChangePercent, formatEvalPrice } from '@valuation/domain';
import type { ReactNode } from 'react';

/** A titled panel of the business screen, filling the height of its row. */
export function ScreenPanel({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" py="sm" px="md" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} fz="lg">
            {title}
          </Text>
          {extra}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** One large figure of the screen. */
export function ScreenFigure({ label, value, hint, color }: { label: string; value: ReactNode; hint?: ReactNode; color?: string }) {
  return (
    <Paper withBorder radius="md" py="sm" px="md">
      <Text fz="md" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={36} fw={700} lh={1.15} c={color} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
      {hint && (
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The biggest movers of the latest run, one line each. */
export function MoversTable({ movers, label, emptyText }: { movers: readonly LoanMover[]; label: string; emptyText: string }) {
  if (movers.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  return (
    <Table aria-label={label} verticalSpacing={1} horizontalSpacing="xs" fz="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>小区</Table.Th>
          <Table.Th>贷款编号</Table.Th>
          <Table.Th ta="right">上次价值</Table.Th>
          <Table.Th ta="right">本次价值</Table.Th>
          <Table.Th ta="right">变动</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {movers.map((m) => (
          <Table.Tr key={m.assetId}>
            <Table.Td style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {m.haName ?? '--'}
              <Text span c="dimmed" fz="xs">
                {' '}
                {m.cityName}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.loanNo ?? '--'}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatEvalPrice(m.prevValue, 1)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatEvalPrice(m.value, 1)}
            </Table.Td>
            <Table.Td ta="right" fw={700} c={m.change < 0 ? 'red.8' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
              {formatChangePercent(m.change)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
