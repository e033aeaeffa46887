import { filterDefaults, filterQuery, filtersFromSearch } from '@valuation/ui';
import { RECORD_FIELDS, recordQuery } from './record-list';

const TODAY = new Date(2025, 4, 31);
const defaults = filterDefaults(RECORD_FIELDS, TODAY);
const queryOf = (search: string) => recordQuery(filterQuery(filtersFromSearch(RECORD_FIELDS, new URLSearchParams(search), defaults)));

describe('valuation record list filters', () => {
  it('start with every type and the last three months', () => {
    expect(queryOf('')).toEqual({ beginDate: '2025/02/28', endDate: '2025/05/31' });
  });

  it('take the property type of the route query, an unknown one meaning all', () => {
    expect(queryOf('type=22').type).toBe(22);
    expect(queryOf('type=5').type).toBeUndefined();
  });

  it('send only what restricts, the codes as numbers and the city without its province', () => {
    expect(queryOf('province=110000&city=110100&cardAddress=%20望京%20&location=&evalType=2&type=all&beginDate=&endDate=')).toEqual({
      city: '110100',
      cardAddress: '望京',
      evalType: 2,
    });
  });
});
