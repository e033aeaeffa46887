import { businessToday, setBusinessClock } from './business-date';

/**
 * The suites run in whatever zone TZ gives the process (scripts/jest-tz.sh, and scripts/test.sh
 * runs the unit suite a second time under America/New_York). This checks that the zone asked for
 * is the one the tests really run in, and that the business calendar does not follow it.
 */
describe('the process time zone of a test run', () => {
  afterEach(() => setBusinessClock());

  it('is the zone TZ asked for', () => {
    const zone = process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Date's local clock reads as Intl reads that zone, in winter and in summer.
    for (const iso of ['2025-01-15T12:30:00Z', '2025-07-15T12:30:00Z']) {
      const at = new Date(iso);
      const wall = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
      const parts = Object.fromEntries(wall.formatToParts(at).map((p) => [p.type, Number(p.value)]));
      expect([at.getDate(), at.getHours(), at.getMinutes()]).toEqual([parts.day, parts.hour, parts.minute]);
    }
  });

  it('does not move the business day', () => {
    setBusinessClock(() => new Date('2025-06-10T23:30:00Z'));
    expect(businessToday()).toBe('2025-06-11');
  });
});
