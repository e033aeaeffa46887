import { Text, Timeline } from '@mantine/core';
import type { CaseHistoryView } from '@valuation/contracts';
import { PageSection } from '@valuation/ui';
import { yuan } from '../model/case-format';

function detail(h: CaseHistoryView): string | null {
  const d = h.data;
  if (h.event === 'ANSWER') {
    const prices = typeof d.totalPrice === 'number' ? `总价 ${yuan(d.totalPrice)}，单价 ${yuan(d.unitPrice as number, '元/㎡')}；` : '';
    return `${prices}${String(d.reply ?? '')}`;
  }
  if (h.event === 'REFUSE') return `原因：${String(d.reason ?? '')}`;
  return null;
}

/** Who did what and when, oldest first. */
export function CaseHistoryTimeline({ history }: { history: readonly CaseHistoryView[] }) {
  return (
    <PageSection title="处理记录">
      <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
        {history.map((h, i) => (
          <Timeline.Item key={i} title={`${h.eventName} · ${h.actorName}`}>
            <Text size="xs" c="dimmed">
              {h.time}
            </Text>
            {detail(h) && (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {detail(h)}
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </PageSection>
  );
}
