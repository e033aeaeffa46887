import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { formatDateTime } from '@valuation/domain';

export interface EvalCodeCellProps {
  evalCode: string;
  evalDate: string;
  /** Valuations and answered manual cases of the property: a toggle for its history shows when there is more than one. */
  historyCount: number;
  answerCount: number;
  open: boolean;
  onToggle: () => void;
}

/** The valuation code over its time, with the toggle of the property's valuation history. */
export function EvalCodeCell({ evalCode, evalDate, historyCount, answerCount, open, onToggle }: EvalCodeCellProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {historyCount + answerCount > 1 ? (
        <Tooltip
          label={open ? '收起估价历史' : `估价历史（${historyCount} 次估价${answerCount > 0 ? `，${answerCount} 次人工答复` : ''}）`}
          withArrow
        >
          <ActionIcon variant="subtle" size="sm" aria-label="估价历史" aria-expanded={open} onClick={onToggle}>
            <IconChevronRight
              size={14}
              stroke={2.2}
              style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
            />
          </ActionIcon>
        </Tooltip>
      ) : (
        <span style={{ width: 22, flexShrink: 0 }} />
      )}
      <div>
        <Text size="xs" ff="monospace">
          {evalCode}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(evalDate)}
        </Text>
      </div>
    </Group>
  );
}
