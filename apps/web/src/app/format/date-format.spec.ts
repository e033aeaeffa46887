import { formatDate, formatDateTime } from './date-format';

describe('date formatting', () => {
  it('keeps plain dates and API date-times as written', () => {
    expect(formatDate('2026/3/8')).toBe('2026-03-08');
    expect(formatDate('2026-12-31')).toBe('2026-12-31');
    expect(formatDateTime('2025-06-01 09:00:00')).toBe('2025-06-01 09:00:00');
  });

  it('shows moments in Beijing time, whatever zone the browser is in', () => {
    expect(formatDateTime('2025-01-01T19:04:05Z')).toBe('2025-01-02 03:04:05');
    expect(formatDateTime(new Date('2025-01-01T19:04:05Z'))).toBe('2025-01-02 03:04:05');
    expect(formatDate('2025-01-01T19:04:05.000Z')).toBe('2025-01-02');
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('长期有效')).toBe('长期有效');
  });
});
