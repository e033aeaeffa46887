import { Badge, Group, Loader, Table, Text } from '@mantine/core';
import { formatEvalPrice } from '@valuation/domain';
import { LoadError } from '@valuation/ui';
import { formatSlashDateTime } from '../../../app/format/date-format';
import { useEvalHistory } from '../api/records-api';

const STATE_LABELS: Record<number, string> = { 1: '已估价', 2: '参考价' };

/** The valuations of the property of a record, loaded when the row is opened. */
export function RecordHistory({ evalRecordId, evalCode }: { evalRecordId: number; evalCode: string }) {
  const history = useEvalHistory(evalRecordId, true);

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
        估价历史（共 {items.length} 次）
      </Text>
      <Table withTableBorder verticalSpacing={6} fz="sm" bg="white">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>估价编号</Table.Th>
            <Table.Th>估价时间</Table.Th>
            <Table.Th>估价类型</Table.Th>
            <Table.Th ta="right">估价结果</Table.Th>
            <Table.Th>状态</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((h) => (
            <Table.Tr key={h.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{h.evalCode}</span>
                  {h.evalCode === evalCode && (
                    <Badge size="xs" variant="light">
                      本条
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatSlashDateTime(h.evalDate)}</Table.Td>
              <Table.Td>{h.evalType === 2 ? '租金' : '售价'}</Table.Td>
              <Table.Td ta="right">{formatEvalPrice(h.totalPrice, h.evalType)}</Table.Td>
              <Table.Td>{STATE_LABELS[h.state] ?? '--'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
