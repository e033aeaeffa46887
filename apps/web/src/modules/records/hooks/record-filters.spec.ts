import { initialRecordFilters, recordFilterQuery } from './record-filters';

describe('valuation record filters', () => {
  it('start with every type and the last three months', () => {
    const form = initialRecordFilters();
    expect(form).toMatchObject({ city: null, cardAddress: '', location: '', type: 'all', evalType: 'all' });
    expect(form.beginDate).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(form.endDate! > form.beginDate!).toBe(true);
    expect(initialRecordFilters('22').type).toBe('22');
    expect(initialRecordFilters('5').type).toBe('all');
  });

  it('send only the filters that restrict, with numbers for the codes', () => {
    expect(
      recordFilterQuery({
        city: { regionCode: '110100', regionName: '北京' },
        cardAddress: ' 望京 ',
        location: '',
        beginDate: '2025/01/01',
        endDate: undefined,
        type: '22',
        evalType: '2',
      }),
    ).toEqual({ city: '110100', cardAddress: '望京', beginDate: '2025/01/01', type: 22, evalType: 2 });
    const all = recordFilterQuery({ city: null, cardAddress: '', location: '  ', type: 'all', evalType: 'all' });
    expect(Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined))).toEqual({});
  });
});
