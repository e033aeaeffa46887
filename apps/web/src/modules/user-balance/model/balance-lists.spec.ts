import { filterDefaults, filterQuery, filtersFromSearch } from '@valuation/ui';
import { ALLOCATION_FIELDS, allocationListFilter, BALANCE_FIELDS, balanceListFilter } from './balance-lists';
import { NO_ORGS, orgValue, tickedOrgs } from './org-choice';

const TREE_IDS = [1, 2, 3, 4];

describe('the ticked organisations of the balance screens', () => {
  it('are every organisation of the tree by default, none, or those listed', () => {
    expect(tickedOrgs('', TREE_IDS)).toEqual([1, 2, 3, 4]);
    expect(tickedOrgs(undefined, TREE_IDS)).toEqual([1, 2, 3, 4]);
    expect(tickedOrgs(NO_ORGS, TREE_IDS)).toEqual([]);
    expect(tickedOrgs('3,2', TREE_IDS)).toEqual([3, 2]);
    expect(tickedOrgs('', [])).toEqual([]);
  });

  it('are kept as the default when all are ticked, as none when none is, else in tree order', () => {
    expect(orgValue([4, 3, 2, 1], TREE_IDS)).toBe('');
    expect(orgValue([], TREE_IDS)).toBe(NO_ORGS);
    expect(orgValue([3, 1], TREE_IDS)).toBe('1,3');
    for (const ids of [[1], [2, 4], [1, 2, 3]]) expect(tickedOrgs(orgValue(ids, TREE_IDS), TREE_IDS)).toEqual(ids);
  });
});

const read = (fields: typeof BALANCE_FIELDS, search: string, today = '2025/03/31') => {
  const applied = filtersFromSearch(fields, new URLSearchParams(search), filterDefaults(fields, today));
  return { applied, query: filterQuery(applied) };
};

describe('the balance list request', () => {
  it('sends the ticked organisations (all of them by default) and only the filters typed', () => {
    const all = read(BALANCE_FIELDS, '');
    expect(balanceListFilter(all.applied, all.query, TREE_IDS)).toEqual({
      organizationIds: [1, 2, 3, 4],
      account: undefined,
      accountName: undefined,
    });
    const some = read(BALANCE_FIELDS, 'organizationIds=2,3&account=%20demo%20&accountName=');
    expect(balanceListFilter(some.applied, some.query, TREE_IDS)).toEqual({
      organizationIds: [2, 3],
      account: 'demo',
      accountName: undefined,
    });
  });

  it('never reads "none" from an address: a hand-made one falls back to every organisation', () => {
    const { applied, query } = read(BALANCE_FIELDS, `organizationIds=${NO_ORGS}`);
    expect(balanceListFilter(applied, query, TREE_IDS).organizationIds).toEqual(TREE_IDS);
  });
});

describe('the allocation records request', () => {
  it('covers the last month up to today by default', () => {
    const { applied, query } = read(ALLOCATION_FIELDS, '', '2025/03/31');
    expect(allocationListFilter(applied, query, TREE_IDS)).toEqual({
      organizationIds: TREE_IDS,
      account: undefined,
      accountName: undefined,
      orderNo: undefined,
      creator: undefined,
      beginDate: '2025/02/28',
      endDate: '2025/03/31',
    });
  });

  it('sends the order number, account, name, allocator and dates typed; a cleared date window stays cleared', () => {
    const { applied, query } = read(
      ALLOCATION_FIELDS,
      'organizationIds=4&orderNo=FP01&account=demouser&accountName=张三&creator=管理员&beginDate=&endDate=',
    );
    expect(allocationListFilter(applied, query, TREE_IDS)).toEqual({
      organizationIds: [4],
      orderNo: 'FP01',
      account: 'demouser',
      accountName: '张三',
      creator: '管理员',
      beginDate: undefined,
      endDate: undefined,
    });
  });
});
