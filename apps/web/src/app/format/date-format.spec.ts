import { formatDate, formatDateTime, formatSlashDateTime } from './date-format';

describe('date formatting', () => {
  it('keeps plain dates as calendar dates', () => {
    expect(formatDate('2026/3/8')).toBe('2026-03-08');
    expect(formatDate('2026-12-31')).toBe('2026-12-31');
  });

  it('formats date-times in local time', () => {
    const local = new Date(2025, 0, 2, 3, 4, 5);
    expect(formatDateTime(local)).toBe('2025-01-02 03:04:05');
    expect(formatDateTime(local.toISOString())).toBe('2025-01-02 03:04:05');
  });

  it('leaves empty and unreadable values alone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('长期有效')).toBe('长期有效');
  });

  it('writes list date-times with slashes', () => {
    expect(formatSlashDateTime('2025-06-01 09:00:00')).toBe('2025/06/01 09:00:00');
    expect(formatSlashDateTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025/01/02 03:04:05');
    expect(formatSlashDateTime('')).toBe('');
    expect(formatSlashDateTime('不是日期')).toBe('不是日期');
  });
});
