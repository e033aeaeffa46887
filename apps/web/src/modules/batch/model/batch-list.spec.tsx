import { filterDefaults, filterQuery, filtersFromSearch } from '@valuation/ui';
import { BATCH_ITEM_FIELDS, BATCH_TASK_FIELDS, batchTaskQuery, itemStateOf } from './batch-list';

const queryOf = (search: string, today: Date | string) =>
  batchTaskQuery(filterQuery(filtersFromSearch(BATCH_TASK_FIELDS, new URLSearchParams(search), filterDefaults(BATCH_TASK_FIELDS, today))));

describe('batch task filters', () => {
  it('start with every state over the last three months up to the business today', () => {
    // 00:30 on 31 May in Beijing, still 30 May in UTC.
    expect(queryOf('', new Date('2025-05-30T16:30:00Z'))).toEqual({ beginDate: '2025/02/28', endDate: '2025/05/31' });
  });

  it('never start before 2018/01/01', () => {
    expect(queryOf('', '2018/02/10').beginDate).toBe('2018/01/01');
  });

  it('send only what restricts, the state as a number', () => {
    expect(queryOf('taskName=%20五月%20&taskState=2&beginDate=2025/01/01&endDate=', '2025/05/31')).toEqual({
      taskName: '五月',
      taskState: 2,
      beginDate: '2025/01/01',
    });
    expect(queryOf('taskState=0&beginDate=&endDate=', '2025/05/31')).toEqual({});
  });

  it('read the item state, every item by default', () => {
    const defaults = filterDefaults(BATCH_ITEM_FIELDS);
    expect(itemStateOf(filterQuery(filtersFromSearch(BATCH_ITEM_FIELDS, new URLSearchParams(''), defaults)))).toBe(0);
    expect(itemStateOf(filterQuery(filtersFromSearch(BATCH_ITEM_FIELDS, new URLSearchParams('evalState=3'), defaults)))).toBe(3);
  });
});
