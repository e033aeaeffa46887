import type { WorkflowHistoryView } from '@valuation/contracts';
import type { HistoryEntry } from '@valuation/ui';
import { agencyReportTypeLabel, agencyTotalPrice, agencyUnitPrice } from './agency-format';

/** Which side acted, after the name: the applying organisation's user or the channel's staff. */
const SIDE_NAMES: Readonly<Record<WorkflowHistoryView['actorPopulation'], string>> = { user: '申请方', tenant: '渠道', operator: '平台' };

const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What a step changed, in words: the report type and attachments, the receiver, or the prices and report files. */
export function agencyHistoryDetail(h: WorkflowHistoryView, evalType: number): string | null {
  const d = h.data;
  switch (h.event) {
    case 'SUBMIT': {
      const files = texts(d.files);
      const type = d.reportType === 0 || d.reportType === 1 ? agencyReportTypeLabel(d.reportType) : null;
      return [type, files.length ? `附件：${files.join('、')}` : null].filter(Boolean).join('；') || null;
    }
    case 'RECEIVE':
      return (
        [
          typeof d.receiverName === 'string' ? `接收人：${d.receiverName}` : null,
          typeof d.receiverPhone === 'string' ? `电话：${d.receiverPhone}` : null,
        ]
          .filter(Boolean)
          .join('，') || null
      );
    case 'REPLY': {
      const files = texts(d.files);
      return [
        `评估总价：${agencyTotalPrice(num(d.totalPrice), evalType)}`,
        `评估单价：${agencyUnitPrice(num(d.unitPrice), evalType)}`,
        files.length ? `报告：${files.join('、')}` : null,
      ]
        .filter(Boolean)
        .join('\n');
    }
    default:
      return null;
  }
}

/** The history of an application as timeline entries, oldest first: the step, who (and which side) and what it changed. */
export function agencyHistoryEntries(history: readonly WorkflowHistoryView[], evalType: number): HistoryEntry[] {
  return history.map((h) => ({
    eventName: h.eventName,
    actorName: `${h.actorName || '--'}（${SIDE_NAMES[h.actorPopulation] ?? h.actorPopulation}）`,
    time: h.time,
    detail: agencyHistoryDetail(h, evalType),
  }));
}
