import { formatBatchPhone } from '@valuation/domain';
import {
  formatBatchAmount,
  formatBatchTotalPrice,
  formatBatchUnitPrice,
  formatFloor,
  hasRunningTask,
  progressPercent,
} from './batch-format';

describe('batch progress', () => {
  it('is the whole percent of rows done', () => {
    expect(progressPercent(0, 50)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(25, 50)).toBe(50);
  });

  it('reaches 100 only when every row is done', () => {
    expect(progressPercent(9999, 10000)).toBe(99);
    expect(progressPercent(50, 50)).toBe(100);
    expect(progressPercent(60, 50)).toBe(100);
  });

  it('is 0 for an empty or unknown task', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(null, undefined)).toBe(0);
    expect(progressPercent(-1, 10)).toBe(0);
  });

  it('polls only while a task on the page is valuing', () => {
    expect(hasRunningTask(undefined)).toBe(false);
    expect(hasRunningTask([{ taskState: 0 }, { taskState: 2 }, { taskState: 3 }])).toBe(false);
    expect(hasRunningTask([{ taskState: 2 }, { taskState: 1 }])).toBe(true);
  });
});

describe('batch amounts', () => {
  it('shows the task total in 亿元 with 4 decimals', () => {
    expect(formatBatchAmount(1.23456)).toBe('1.23亿元');
    expect(formatBatchAmount(0.07318296)).toBe('732万元');
    expect(formatBatchAmount(0)).toBe('0万元');
    expect(formatBatchAmount(12345.5)).toBe('12,345.50亿元');
    expect(formatBatchAmount(null)).toBe('--');
  });

  it('shows a unit price in 元/㎡ without decimals', () => {
    expect(formatBatchUnitPrice(56789.5)).toBe('56,790');
    expect(formatBatchUnitPrice(999.4)).toBe('999');
    expect(formatBatchUnitPrice(null)).toBe('--');
    expect(formatBatchUnitPrice(Number.NaN)).toBe('--');
  });

  it('shows a total price given in yuan in 万元 with 2 decimals', () => {
    expect(formatBatchTotalPrice(3561234)).toBe('356.12');
    expect(formatBatchTotalPrice(123456789)).toBe('12,345.68');
    expect(formatBatchTotalPrice(0)).toBe('0.00');
    expect(formatBatchTotalPrice(undefined)).toBe('--');
  });

  it('shows floors', () => {
    expect(formatFloor(5, 18)).toBe('5/18');
    expect(formatFloor(null, 18)).toBe('--/18');
    expect(formatFloor(null, null)).toBe('--');
  });
});

describe('batch phone field', () => {
  it('shows the digits in 3-4-4 groups while they are typed, at most 11 digits', () => {
    expect(['1', '138', '1381', '1381234', '13812345', '13812345678', '138123456789'].map(formatBatchPhone)).toEqual([
      '1',
      '138',
      '138-1',
      '138-1234',
      '138-1234-5',
      '138-1234-5678',
      '138-1234-5678',
    ]);
  });

  it('regroups text edited in the middle', () => {
    expect(formatBatchPhone('138-12345-678')).toBe('138-1234-5678');
    expect(formatBatchPhone('138-')).toBe('138');
  });
});
