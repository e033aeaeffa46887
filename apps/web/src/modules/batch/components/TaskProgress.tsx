import { Group, Progress, Text } from '@mantine/core';
import type { BatchTask } from '@valuation/contracts';
import { progressPercent } from '../model/batch-format';

export interface TaskProgressProps {
  task: Pick<BatchTask, 'taskState' | 'processed' | 'evalTotal'>;
  width?: number | string;
}

/** Rows done of a task: a moving bar with counts and percent while it is valued, counts otherwise. */
export function TaskProgress({ task, width = 150 }: TaskProgressProps) {
  const percent = progressPercent(task.processed, task.evalTotal);
  if (task.taskState !== 1) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {task.taskState === 2 ? `${task.evalTotal}/${task.evalTotal}` : '--'}
      </Text>
    );
  }
  return (
    <div style={{ width }}>
      <Progress value={percent} size="md" radius="xl" striped animated aria-label={`估价进度 ${percent}%`} />
      <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {task.processed}/{task.evalTotal}
        </Text>
        <Text size="xs" fw={600}>
          {percent}%
        </Text>
      </Group>
    </div>
  );
}
