import { Badge, Group, Table, Text } from '@mantine/core';
import type { PriceHistoryItem } from '@valuation/contracts';
import { artificialTypeLabel, formatEvalPrice, formatUnitPrice } from '@valuation/domain';
import { PageSection } from '@valuation/ui';
import { formatDateTime } from '../../../app/format/date-format';

const TYPE_COLORS: Readonly<Record<number, string>> = { 1: 'gray', 2: 'blue', 3: 'grape' };

/**
 * The price history of a case's chain (historyList), oldest first: the automatic valuation it comes
 * from, then each answered manual enquiry and re-appraisal; the case being shown is marked.
 */
export function PriceHistorySection({ items, current }: { items: readonly PriceHistoryItem[]; current?: { type: 2 | 3; id: number } }) {
  return (
    <PageSection title="价格历史">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          暂无价格记录
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={6} fz="sm" aria-label="价格历史">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>类型</Table.Th>
              <Table.Th>日期</Table.Th>
              <Table.Th ta="right">总价</Table.Th>
              <Table.Th ta="right">单价</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((h) => {
              const mine = current !== undefined && h.type === current.type && h.id === current.id;
              return (
                <Table.Tr key={`${h.type}-${h.id}`} bg={mine ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge size="sm" variant="light" color={TYPE_COLORS[h.type] ?? 'gray'}>
                        {artificialTypeLabel(h.type)}
                      </Badge>
                      {mine && (
                        <Text span size="xs" c="dimmed">
                          本条
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.evalDate)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatEvalPrice(h.totalPrice, h.evalType)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatUnitPrice(h.unitPrice, h.evalType)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </PageSection>
  );
}
