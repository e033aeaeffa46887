import { Text, Timeline } from '@mantine/core';
import { PageSection } from './PageSection';

export interface HistoryEntry {
  eventName: string;
  actorName: string;
  time: string;
  /** What the step said (a reply, a reason), shown under it. */
  detail?: string | null;
}

/** Who did what and when, oldest first, in its own section. */
export function HistoryTimeline({ entries, title = '处理记录' }: { entries: readonly HistoryEntry[]; title?: string }) {
  return (
    <PageSection title={title}>
      <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2}>
        {entries.map((h, i) => (
          <Timeline.Item key={i} title={h.eventName}>
            <Text size="xs" c="dimmed">
              {h.time} · {h.actorName}
            </Text>
            {h.detail && (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {h.detail}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </PageSection>
  );
}
