import type { CaseHistoryView } from '@valuation/contracts';
import { formatEvalPrice, formatUnitPrice } from '@valuation/domain';
import { HistoryTimeline } from '@valuation/ui';

function detail(h: CaseHistoryView, evalType: number): string | null {
  const d = h.data;
  if (h.event === 'ANSWER') {
    const unitPrice = typeof d.unitPrice === 'number' ? d.unitPrice : null;
    const prices =
      typeof d.totalPrice === 'number'
        ? `总价 ${formatEvalPrice(d.totalPrice, evalType)}，单价 ${formatUnitPrice(unitPrice, evalType)}；`
        : '';
    return `${prices}${String(d.reply ?? '')}`;
  }
  if (h.event === 'REFUSE') return `原因：${String(d.reason ?? '')}`;
  return null;
}

/** Who did what and when, oldest first, with the answers (in the case's price units) and refusals spelled out. */
export function CaseHistoryTimeline({ history, evalType }: { history: readonly CaseHistoryView[]; evalType: number }) {
  return <HistoryTimeline entries={history.map((h) => ({ ...h, detail: detail(h, evalType) }))} />;
}
