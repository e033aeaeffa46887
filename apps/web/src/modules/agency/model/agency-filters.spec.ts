import { agencyListQuerySchema } from '@valuation/domain';
import { agencyFilterQuery, agencyPageAsPaged, initialAgencyFilters } from './agency-filters';

describe('agency list filters', () => {
  it('starts with every report type (2) and every state, and sends only the report type', () => {
    expect(agencyFilterQuery(initialAgencyFilters())).toEqual({ reportType: 2 });
  });

  it('sends the spec parameter names, the city by name, trimmed texts and the dates', () => {
    const q = agencyFilterQuery({
      city: { regionCode: '440300', regionName: '深圳市' },
      haName: ' 万科城 ',
      cardAddress: '  ',
      beginTime: '2026/01/01',
      endTime: '2026/03/31',
      reportType: '1',
      reportStatus: '3',
    });
    expect(q).toEqual({
      cityName: '深圳市',
      haName: '万科城',
      beginTime: '2026/01/01',
      endTime: '2026/03/31',
      reportType: 1,
      reportStatus: 3,
    });
  });

  it('keeps report type 0 (preliminary) and drops state 0 (all)', () => {
    const q = agencyFilterQuery({ ...initialAgencyFilters(), reportType: '0', reportStatus: '0' });
    expect(q).toEqual({ reportType: 0 });
  });

  it('gives a query the server schema reads back unchanged', () => {
    const q = {
      ...agencyFilterQuery({ ...initialAgencyFilters(), haName: '万科', reportType: '0', reportStatus: '2' }),
      pageIndex: 2,
      pageSize: 50,
    };
    expect(agencyListQuerySchema.parse(q)).toMatchObject(q);
  });

  it('reads an agency page as the shared table page', () => {
    const page = { items: [{ detailID: 1 }, { detailID: 2 }], pageIndex: 3, pageInfo: { totalResults: 45, resultsPerPage: 10 } };
    expect(agencyPageAsPaged(page)).toEqual({ list: page.items, total: 45, pageNum: 3, pages: 5 });
    expect(agencyPageAsPaged({ items: [], pageIndex: 1, pageInfo: { totalResults: 0, resultsPerPage: 10 } })).toEqual({
      list: [],
      total: 0,
      pageNum: 1,
      pages: 0,
    });
  });
});
