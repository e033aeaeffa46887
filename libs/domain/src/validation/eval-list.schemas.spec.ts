import { evalFilterSchema, evalListQuerySchema, ListMsg } from './eval-list.schemas';
import { validate } from './validate';

const check = (input: unknown) => validate(evalListQuerySchema, input);

describe('valuation record list query', () => {
  it('reads the filters and defaults the page, treating empty, 0 and all as no filter', () => {
    expect(
      check({
        city: ' 北京 ',
        cardAddress: '',
        location: '花园',
        type: '22',
        evalType: '2',
        beginDate: '2025/01/01',
        endDate: '2025/01/01',
        pageIndex: '3',
        pageSize: '50',
        timestamp: '1',
      }),
    ).toEqual({
      ok: true,
      value: {
        city: '北京',
        location: '花园',
        type: 22,
        evalType: 2,
        beginDate: '2025/01/01',
        endDate: '2025/01/01',
        pageIndex: 3,
        pageSize: 50,
      },
    });
    expect(check({ type: '0', evalType: 'all', city: '  ' })).toEqual({ ok: true, value: { pageIndex: 1, pageSize: 10 } });
  });

  it('refuses bad dates, a reversed range and dates before 2018', () => {
    const message = (input: unknown) => {
      const r = check(input);
      return r.ok ? null : r.message;
    };
    expect(message({ beginDate: '2025-01-01' })).toBe(ListMsg.dateInvalid);
    expect(message({ endDate: '2025/02/30' })).toBe(ListMsg.dateInvalid);
    expect(message({ beginDate: '2017/12/31' })).toBe(ListMsg.dateTooEarly);
    expect(message({ beginDate: '2025/03/02', endDate: '2025/03/01' })).toBe(ListMsg.dateRangeInvalid);
    expect(message({ type: '7' })).toBe(ListMsg.propTypeInvalid);
    expect(message({ evalType: '3' })).toBe(ListMsg.evalTypeInvalid);
    expect(message({ pageSize: '20' })).toBe('每页条数只能为10、50、100、200');
    expect(message({ pageIndex: '0' })).toBe('页码不正确');
    expect(message({ cardAddress: 'x'.repeat(201) })).toBe(ListMsg.textTooLong);
  });

  it('has no paging in the export filters', () => {
    expect(validate(evalFilterSchema, { pageIndex: '2', evalType: '1' })).toEqual({ ok: true, value: { evalType: 1 } });
  });
});
