import { Badge, Group, Loader, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EvalHistoryItem } from '@valuation/contracts';
import { artificialTypeLabel, formatEvalPrice, formatUnitPrice } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { formatDateTime } from '../../../app/format/date-format';
import { useEvalHistory } from '../api/records-api';

const STATE_LABELS: Record<number, string> = { 1: '已估价', 2: '参考价' };
const TYPE_COLORS: Readonly<Record<number, string>> = { 1: 'gray', 2: 'blue', 3: 'grape' };

/**
 * The valuations of the property of a record, with the answered manual enquiries and re-appraisals
 * that stem from them, newest first; loaded when the row is opened.
 */
export function RecordHistory({ evalRecordId, evalCode }: { evalRecordId: number; evalCode: string }) {
  return <PriceHistory history={useEvalHistory(evalRecordId, true)} evalCode={evalCode} />;
}

/** A property's price history as loaded by `history`; the valuation `evalCode` is marked 本条. */
export function PriceHistory({ history, evalCode }: { history: UseQueryResult<EvalHistoryItem[]>; evalCode: string }) {
  if (history.isLoading) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          正在加载估价历史…
        </Text>
      </Group>
    );
  }
  if (history.isError) return <LoadError message="估价历史加载失败" onRetry={() => void history.refetch()} />;
  const items = history.data ?? [];
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        暂无数据
      </Text>
    );
  }

  return (
    <div>
      <Text size="sm" fw={500} mb="xs">
        估价历史（共 {items.length} 条）
      </Text>
      <Table withTableBorder verticalSpacing={6} fz="sm" bg="white">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>类型</Table.Th>
            <Table.Th>编号</Table.Th>
            <Table.Th>日期</Table.Th>
            <Table.Th>估价类型</Table.Th>
            <Table.Th ta="right">总价</Table.Th>
            <Table.Th ta="right">单价</Table.Th>
            <Table.Th>状态</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((h) => (
            <Table.Tr key={`${h.type}-${h.id}`}>
              <Table.Td>
                <Badge size="sm" variant="light" color={TYPE_COLORS[h.type] ?? 'gray'}>
                  {artificialTypeLabel(h.type)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{h.type === 1 ? h.evalCode : h.caseNo}</span>
                  {h.type === 1 && h.evalCode === evalCode && (
                    <Badge size="xs" variant="light">
                      本条
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(h.evalDate)}</Table.Td>
              <Table.Td>{h.evalType === 2 ? '租金' : '售价'}</Table.Td>
              <Table.Td ta="right">{formatEvalPrice(h.totalPrice, h.evalType)}</Table.Td>
              <Table.Td ta="right">{formatUnitPrice(h.unitPrice, h.evalType)}</Table.Td>
              <Table.Td>{h.type === 1 ? (STATE_LABELS[h.state] ?? '--') : '已答复'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
