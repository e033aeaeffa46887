import type { AppraisalCaseKind } from './appraisal-case.state';

/**
 * When an answer is due: re-appraisals and manual enquiries within 2 working days (the spec's
 * "1 to 2 working days"), objections within 24 hours. Working days are Monday to Friday, counted in
 * China Standard Time (UTC+8).
 */
export const SERVICE_LEVELS: Readonly<Record<AppraisalCaseKind, { workingDays?: number; hours?: number }>> = {
  artificial: { workingDays: 2 },
  review: { workingDays: 2 },
  objection: { hours: 24 },
};

const HOUR = 3_600_000;
const CST_OFFSET = 8 * HOUR;

export function caseDueAt(kind: AppraisalCaseKind, submittedAt: Date): Date {
  const level = SERVICE_LEVELS[kind];
  if (level.hours !== undefined) return new Date(submittedAt.getTime() + level.hours * HOUR);
  // Walk the local (UTC+8) calendar: each working day added keeps the time of day.
  let local = new Date(submittedAt.getTime() + CST_OFFSET);
  let added = 0;
  while (added < (level.workingDays ?? 0)) {
    local = new Date(local.getTime() + 24 * HOUR);
    const day = local.getUTCDay();
    if (day !== 0 && day !== 6) added++;
  }
  return new Date(local.getTime() - CST_OFFSET);
}

/** Whether an open case is past its due time. */
export const isOverdue = (dueAt: Date, now = new Date()) => now.getTime() > dueAt.getTime();
