import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BatchTask } from '@valuation/contracts';
import { StatTile } from '@valuation/ui';
import { formatDateTime } from '../../../app/format/date-format';
import { formatBatchAmount, progressPercent } from '../model/batch-format';
import { TaskStateBadge } from './TaskStateBadge';

function Meta({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}：
      </Text>
      {value || '--'}
    </Text>
  );
}

/** Name, times, counts and total of a task; the progress while it is being valued. */
export function BatchTaskSummary({ task }: { task: BatchTask }) {
  const percent = progressPercent(task.processed, task.evalTotal);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Group gap="sm">
            <Text fz="lg" fw={600}>
              {task.taskName}
            </Text>
            <TaskStateBadge task={task} />
          </Group>
          <Group gap="xl" wrap="wrap">
            <Meta label="提交时间" value={formatDateTime(task.submitTime)} />
            <Meta label="完成时间" value={task.finishTime ? formatDateTime(task.finishTime) : null} />
            <Meta label="上传文件" value={task.fileName} />
          </Group>
        </Stack>
      </Group>
      {task.taskState === 1 && (
        <div>
          <Group justify="space-between" mb={6}>
            <Text size="sm">估价中…</Text>
            <Text size="sm" c="dimmed">
              {task.processed}/{task.evalTotal}（{percent}%）
            </Text>
          </Group>
          <Progress value={percent} size="lg" radius="xl" striped animated aria-label={`估价进度 ${percent}%`} />
        </div>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <StatTile label="数据条数" value={task.evalTotal} unit="条" />
        <StatTile label="估价成功" value={task.evalSuccess} unit="条" />
        <StatTile label="估价失败" value={task.evalFail} unit="条" />
        <StatTile label="地址解析失败" value={task.evalError} unit="条" />
        <StatTile label="估价总额" value={formatBatchAmount(task.evalAmount)} />
      </SimpleGrid>
    </Stack>
  );
}
