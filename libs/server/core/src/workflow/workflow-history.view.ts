import type { WorkflowHistoryView } from '@valuation/contracts';
import type { WorkflowHistoryColumns } from '@valuation/persistence';
import { caseTime } from './case-view';

/** A history row as the API gives it, its event named by `labels`. */
export function workflowHistoryView(h: WorkflowHistoryColumns, labels: Readonly<Record<string, string>>): WorkflowHistoryView {
  return {
    event: h.event,
    eventName: labels[h.event] ?? h.event,
    fromState: h.fromState,
    toState: h.toState,
    actorPopulation: h.actorPopulation,
    actorName: h.actorName,
    time: caseTime(h.createdAt),
    data: h.data,
  };
}
