import { EvalRecordEntity } from '@valuation/persistence';
import { evalRecordView, storedRange } from './eval-record.view';

function entity(result: object): EvalRecordEntity {
  return Object.assign(new EvalRecordEntity(), {
    id: '7',
    evalCode: 'EV0001',
    evalType: 1,
    method: 'forsale',
    state: 1,
    confidenceClass: 'A',
    cityCode: '110100',
    cityName: '北京市',
    propType: 11,
    bldgArea: '90.00',
    gpsLon: null,
    gpsLat: null,
    totalPrice: '3560000.00',
    unitPrice: '39555.56',
    engineVersion: 'test',
    result,
    createdAt: new Date(Date.UTC(2026, 10, 20, 1, 0, 0)),
  });
}

describe('the range of a record view', () => {
  const range = { fsd: 0.0683, low: 3_325_000, high: 3_812_000, low95: 3_080_000, high95: 4_115_000 };

  it('carries the range kept with the record, in yuan like the total', () => {
    const view = evalRecordView(entity({ samples: [], range }));
    expect(view.range).toEqual(range);
    expect(view.totalPrice).toBe(3_560_000);
  });

  it('is null for a record stored before ranges were kept, or without a value', () => {
    expect(evalRecordView(entity({ samples: [] })).range).toBeNull();
    expect(storedRange(entity({ range: null }))).toBeNull();
  });

  it('is null when what is stored is not a whole range', () => {
    expect(storedRange(entity({ range: { ...range, high95: undefined } }))).toBeNull();
    expect(storedRange(entity({ range: { ...range, low: '3325000' } }))).toBeNull();
    expect(storedRange(entity({ range: 'wide' }))).toBeNull();
  });

  it('keeps only the fields of a range', () => {
    expect(storedRange(entity({ range: { ...range, extra: 1 } }))).toEqual(range);
  });
});
