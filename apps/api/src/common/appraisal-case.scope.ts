import { filterDayBounds, type CaseActor } from '@valuation/domain';
import type { AppraisalCaseFilter } from '@valuation/persistence';
import type { Principal } from './principal';

/** The caller as an actor of the case workflows (a user: requester or supervisor). */
export const actorOf = (p: Principal): CaseActor => ({ population: 'user', id: p.id, name: p.userName || p.loginUser });

/**
 * The filters of the re-appraisal and objection lists: city (a code, or the start of a name),
 * community or address, date range, and the states asked for.
 */
export function caseFilter(
  q: { city?: string; ha?: string; beginDate?: string; endDate?: string },
  states?: readonly number[],
): AppraisalCaseFilter {
  return {
    city: q.city ? { codeOrNamePrefix: q.city } : undefined,
    place: q.ha,
    ...filterDayBounds(q.beginDate, q.endDate),
    states,
  };
}
