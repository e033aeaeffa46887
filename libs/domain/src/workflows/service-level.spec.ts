import { caseDueAt, isOverdue } from './service-level';

describe('service levels', () => {
  it('gives objections 24 hours', () => {
    expect(caseDueAt('objection', new Date('2026-11-20T10:00:00Z')).toISOString()).toBe('2026-11-21T10:00:00.000Z');
  });

  it('gives manual enquiries and re-appraisals 2 working days, skipping the weekend in China time', () => {
    // Wednesday 10:00 in Beijing is due Friday 10:00.
    expect(caseDueAt('review', new Date('2026-11-18T02:00:00Z')).toISOString()).toBe('2026-11-20T02:00:00.000Z');
    // Friday 10:00 in Beijing is due Tuesday 10:00.
    expect(caseDueAt('artificial', new Date('2026-11-20T02:00:00Z')).toISOString()).toBe('2026-11-24T02:00:00.000Z');
    // Friday 23:30 in Beijing (15:30 UTC) is still Friday there: due Tuesday 23:30.
    expect(caseDueAt('review', new Date('2026-11-20T15:30:00Z')).toISOString()).toBe('2026-11-24T15:30:00.000Z');
  });

  it('tells an overdue case', () => {
    expect(isOverdue(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T00:00:01Z'))).toBe(true);
    expect(isOverdue(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-19T23:59:59Z'))).toBe(false);
  });
});
