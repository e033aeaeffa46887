import { batchFilterQuery, initialBatchFilters } from './batch-filters';

describe('batch task filters', () => {
  it('start with every state over the last three months up to today', () => {
    // 00:30 on 31 May in Beijing, still 30 May in UTC.
    expect(initialBatchFilters(new Date('2025-05-30T16:30:00Z'))).toEqual({
      taskName: '',
      taskState: '0',
      beginDate: '2025/02/28',
      endDate: '2025/05/31',
    });
  });

  it('never start before 2018/01/01', () => {
    expect(initialBatchFilters('2018/02/10').beginDate).toBe('2018/01/01');
  });

  it('send only what restricts, the state as a number', () => {
    expect(batchFilterQuery({ taskName: ' 五月 ', taskState: '2', beginDate: '2025/01/01', endDate: undefined })).toEqual({
      taskName: '五月',
      taskState: 2,
      beginDate: '2025/01/01',
    });
    const all = batchFilterQuery({ taskName: '  ', taskState: '0' });
    expect(Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined))).toEqual({});
  });
});
