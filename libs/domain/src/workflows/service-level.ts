import { addWorkingDays } from '../time/business-date';
import type { AppraisalCaseKind } from './appraisal-case.state';

/**
 * When an answer is due: re-appraisals and manual enquiries within 2 working days (the spec's
 * "1 to 2 working days"), objections within 24 hours. Working days are Monday to Friday of the
 * business calendar.
 */
export const SERVICE_LEVELS: Readonly<Record<AppraisalCaseKind, { workingDays?: number; hours?: number }>> = {
  artificial: { workingDays: 2 },
  review: { workingDays: 2 },
  objection: { hours: 24 },
};

const HOUR = 3_600_000;

export function caseDueAt(kind: AppraisalCaseKind, submittedAt: Date): Date {
  const level = SERVICE_LEVELS[kind];
  if (level.hours !== undefined) return new Date(submittedAt.getTime() + level.hours * HOUR);
  return addWorkingDays(submittedAt, level.workingDays ?? 0);
}

/** Whether an open case is past its due time. */
export const isOverdue = (dueAt: Date, now = new Date()) => now.getTime() > dueAt.getTime();
