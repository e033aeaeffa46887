import { houseInfoOf } from './artificial.controller';

describe('houseInfoOf', () => {
  it('reads houseInfo.* fields into the nested house information', () => {
    expect(
      houseInfoOf({ reason: '1', 'houseInfo.cityCode': '110100', 'houseInfo.haInfo.haName': '春晓花园', 'houseInfo.bldgArea': '89.5' }),
    ).toEqual({
      cityCode: '110100',
      haInfo: { haName: '春晓花园' },
      bldgArea: '89.5',
    });
  });

  it('reads a houseInfo JSON text, the fields winning over it', () => {
    expect(houseInfoOf({ houseInfo: '{"cityCode":"110100","cardAddress":"甲"}', 'houseInfo.cardAddress': '乙' })).toEqual({
      cityCode: '110100',
      cardAddress: '乙',
    });
    expect(houseInfoOf({ houseInfo: 'not json' })).toEqual({});
  });

  it('ignores prototype keys', () => {
    const house = houseInfoOf({ 'houseInfo.__proto__.polluted': 'yes', 'houseInfo.constructor.prototype.x': '1' });
    expect(house).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
