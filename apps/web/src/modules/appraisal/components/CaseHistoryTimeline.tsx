import type { CaseHistoryView } from '@valuation/contracts';
import { HistoryTimeline } from '@valuation/ui';
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

/** Who did what and when, oldest first, with the answers and refusals spelled out. */
export function CaseHistoryTimeline({ history }: { history: readonly CaseHistoryView[] }) {
  return <HistoryTimeline entries={history.map((h) => ({ ...h, detail: detail(h) }))} />;
}
