import { agencyListQuerySchema } from '@valuation/domain';
import { filterDefaults, filtersFromSearch } from '@valuation/ui';
import { AGENCY_FIELDS, agencyPageAsPaged, agencyQuery } from './agency-filters';

const defaults = filterDefaults(AGENCY_FIELDS, '2025/05/31');
const queryOf = (search: string) => agencyQuery(filtersFromSearch(AGENCY_FIELDS, new URLSearchParams(search), defaults));
const defined = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));

describe('agency list filters', () => {
  it('starts with every report type (2), every state and the last three months', () => {
    expect(defined(queryOf(''))).toEqual({ reportType: 2, beginTime: '2025/02/28', endTime: '2025/05/31' });
  });

  it('sends no dates once the window is cleared', () => {
    expect(defined(queryOf('beginTime=&endTime='))).toEqual({ reportType: 2 });
  });

  it('suggests city names in the city filter', () => {
    expect(AGENCY_FIELDS.find((f) => f.key === 'cityName')).toMatchObject({ kind: 'text', suggest: 'cityNames' });
  });

  it('sends the spec parameter names, the city by name, trimmed texts and the dates', () => {
    expect(
      defined(
        queryOf('cityName=深圳&haName=%20万科城%20&cardAddress=%20%20&beginTime=2026/01/01&endTime=2026/03/31&reportType=1&reportStatus=3'),
      ),
    ).toEqual({
      cityName: '深圳',
      haName: '万科城',
      beginTime: '2026/01/01',
      endTime: '2026/03/31',
      reportType: 1,
      reportStatus: 3,
    });
  });

  it('keeps report type 0 (preliminary) and drops state 0 (all)', () => {
    expect(defined(queryOf('reportType=0&reportStatus=0&beginTime=&endTime='))).toEqual({ reportType: 0 });
  });

  it('gives a query the server schema reads back unchanged', () => {
    const q = { ...defined(queryOf('haName=万科&reportType=0&reportStatus=2')), pageIndex: 2, pageSize: 50 };
    expect(q).toMatchObject({ beginTime: '2025/02/28', endTime: '2025/05/31' });
    expect(agencyListQuerySchema.parse(q)).toMatchObject(q);
  });

  it('reads an agency page as the list table page', () => {
    const page = { items: [{ detailID: 1 }, { detailID: 2 }], pageIndex: 3, pageInfo: { totalResults: 45, resultsPerPage: 10 } };
    expect(agencyPageAsPaged(page)).toEqual({ list: page.items, total: 45, pageNum: 3, pages: 5 });
  });
});
