import { checkValuationRequest, ValuationMsg, type FieldSetting } from './valuation-request';

const base = {
  cityCode: '110100',
  cityName: '北京',
  propType: 11,
  haInfo: { haCode: 'BJ0001', haName: '阳光花园' },
  bldgArea: '89.5',
  floor: '6',
  bheight: '18',
};

const message = (patch: Record<string, unknown>, settings: FieldSetting[] = []) => {
  const r = checkValuationRequest({ ...base, ...patch }, settings);
  return r.ok ? null : r.message;
};

describe('valuation request rules', () => {
  it('accepts a complete request and normalises numbers', () => {
    const r = checkValuationRequest({ ...base, br: '3', lr: 2, ba: '1', face: '9', intDeco: '4', buildYear: '2008' });
    expect(r).toMatchObject({
      ok: true,
      value: { bldgArea: 89.5, floor: 6, bheight: 18, br: 3, lr: 2, ba: 1, face: '9', buildYear: 2008 },
    });
  });

  it('needs a city and an address', () => {
    expect(message({ cityCode: '' })).toBe(ValuationMsg.cityMissing);
    expect(message({ haInfo: null })).toBe(ValuationMsg.addressRequired);
    expect(message({ haInfo: null, gpsInfo: { coord: '116.40,39.91', coordType: 'bd09ll' } })).toBeNull();
    expect(message({ haInfo: null, cardAddress: '北京市东城区某街1号' })).toBeNull();
  });

  it('refuses texts longer than the record keeps and a business type beyond an id', () => {
    expect(checkValuationRequest({ ...base, cityName: 'x'.repeat(100_000) })).toEqual({
      ok: false,
      field: 'cityName',
      message: ValuationMsg.textTooLong,
    });
    expect(message({ cityName: '北'.repeat(50) })).toBeNull();
    expect(message({ haInfo: { haCode: 'BJ0001', haName: '园'.repeat(101) } })).toBe(ValuationMsg.textTooLong);
    expect(message({ haInfo: { haCode: 'B'.repeat(33), haName: '阳光花园' } })).toBe(ValuationMsg.textTooLong);
    expect(message({ haInfo: null, gpsInfo: { coord: '116.40,39.91', coordType: 'x'.repeat(21) } })).toBe(ValuationMsg.textTooLong);
    for (const bad of ['2147483648', '99999999999', '0', '-1', '1.5'])
      expect(message({ businessTypeId: bad })).toBe(ValuationMsg.dictInvalid);
    expect(message({ businessTypeId: '2147483647' })).toBeNull();
  });

  it('checks the area: required, two decimals at most, not zero', () => {
    expect(message({ bldgArea: '' })).toBe(ValuationMsg.areaRequired);
    for (const bad of ['0', '0.00', '12.345', '-5', 'abc', '1e3']) expect(message({ bldgArea: bad })).toBe(ValuationMsg.areaInvalid);
    expect(message({ bldgArea: '120.05' })).toBeNull();
  });

  it('checks floors: -1..50 without 0, total 1..1000, floor not above total', () => {
    expect(message({ floor: '' })).toBe(ValuationMsg.floorRequired);
    for (const bad of ['0', '-2', '51', '3.5']) expect(message({ floor: bad })).toBe(ValuationMsg.floorInvalid);
    expect(message({ floor: '-1' })).toBeNull();
    expect(message({ bheight: '' })).toBe(ValuationMsg.totalFloorsRequired);
    expect(message({ bheight: '1001' })).toBe(ValuationMsg.floorInvalid);
    expect(message({ floor: '20', bheight: '18' })).toBe(ValuationMsg.floorAboveTotal);
  });

  it('hides and ignores the floor for houses (building types 21, 22, 23)', () => {
    const r = checkValuationRequest({ ...base, bldgType: '22', floor: '' });
    expect(r).toMatchObject({ ok: true, value: { floor: null, bldgType: '22' } });
  });

  it('checks building, unit, room number, rooms, halls, baths and build year with their messages', () => {
    expect(message({ buildNo: '501' })).toBe(ValuationMsg.buildNoInvalid);
    expect(message({ unit: '0' })).toBe(ValuationMsg.unitInvalid);
    expect(message({ roomNo: '100001' })).toBe(ValuationMsg.roomNoInvalid);
    expect(message({ br: '21' })).toBe(ValuationMsg.roomsInvalid);
    expect(message({ lr: '11' })).toBe(ValuationMsg.hallsInvalid);
    expect(message({ ba: '11' })).toBe(ValuationMsg.bathsInvalid);
    expect(message({ buildYear: '20080' })).toBe(ValuationMsg.buildYearInvalid);
  });

  it('applies the room rules of shops and offices: 间 up to 100, no halls', () => {
    expect(message({ propType: 22, br: '21' })).toBeNull();
    expect(message({ propType: 21, br: '101' })).toBe(ValuationMsg.roomsInvalidNonResidential);
    expect(checkValuationRequest({ ...base, propType: 22, lr: '3' })).toMatchObject({ ok: true, value: { lr: null } });
    expect(message({ propType: 12 })).toBe(ValuationMsg.propTypeInvalid);
  });

  it('checks configured required fields in the order of the specification', () => {
    const settings: FieldSetting[] = [
      { key: 'face', display: true, required: true },
      { key: 'businessTypeId', display: true, required: true },
      { key: 'owner', display: false, required: true },
    ];
    expect(message({}, settings)).toBe('请选择业务类型');
    expect(message({ businessTypeId: 3 }, settings)).toBe('请选择朝向');
    expect(message({ businessTypeId: 3, face: '2' }, settings)).toBeNull();
    expect(message({ face: '99' })).toBe(ValuationMsg.dictInvalid);
  });
});
