import { Badge, Tooltip } from '@mantine/core';
import type { BatchTask } from '@valuation/contracts';
import { TASK_STATE_LOOK } from '../model/batch-format';

/** The state of a task; a failed task shows its reason on hover. */
export function TaskStateBadge({ task }: { task: Pick<BatchTask, 'taskState' | 'errorReason'> }) {
  const look = TASK_STATE_LOOK[task.taskState] ?? { label: String(task.taskState), color: 'gray' };
  const badge = (
    <Badge color={look.color} variant="light" radius="sm" style={{ cursor: task.taskState === 3 && task.errorReason ? 'help' : undefined }}>
      {look.label}
    </Badge>
  );
  if (task.taskState !== 3 || !task.errorReason) return badge;
  return (
    <Tooltip label={task.errorReason} color="red" withArrow multiline maw={280}>
      {badge}
    </Tooltip>
  );
}
