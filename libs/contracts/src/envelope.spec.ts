import { agencyPage, agencyPageCount, pagedList, pageOffset } from './envelope';

describe('paging envelopes', () => {
  it('builds { list, pages, pageNum, total } from the rows, the total and the page', () => {
    expect(pagedList(['a', 'b'], 21, 3, 10)).toEqual({ list: ['a', 'b'], pages: 3, pageNum: 3, total: 21 });
    expect(pagedList([], 0, 1, 10)).toEqual({ list: [], pages: 0, pageNum: 1, total: 0 });
  });

  it('builds the agency shape from the same inputs', () => {
    const page = agencyPage([{ detailID: 1 }], 21, 3, 10);
    expect(page).toEqual({ items: [{ detailID: 1 }], pageIndex: 3, pageInfo: { totalResults: 21, resultsPerPage: 10 } });
    expect(agencyPageCount(page)).toBe(3);
    expect(agencyPageCount(agencyPage([], 0, 1, 10))).toBe(0);
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset({ pageIndex: 1, pageSize: 50 })).toBe(0);
    expect(pageOffset({ pageIndex: 4, pageSize: 10 })).toBe(30);
  });
});
