import { COMMON_CITY_LIMIT, parseCommonCities, pushCommonCity } from './common-cities';

const city = (n: number) => ({ regionName: `城市${n}`, regionCode: String(110000 + n * 100) });

describe('common cities', () => {
  it('puts the chosen city first and moves a repeated one to the front', () => {
    const list = pushCommonCity(pushCommonCity(pushCommonCity([], city(1)), city(2)), city(3));
    expect(list.map((c) => c.regionName)).toEqual(['城市3', '城市2', '城市1']);
    expect(pushCommonCity(list, city(1)).map((c) => c.regionName)).toEqual(['城市1', '城市3', '城市2']);
  });

  it('keeps at most ten, dropping the oldest', () => {
    let list = [] as ReturnType<typeof pushCommonCity>;
    for (let i = 1; i <= 12; i++) list = pushCommonCity(list, city(i));
    expect(list).toHaveLength(COMMON_CITY_LIMIT);
    expect(list[0].regionName).toBe('城市12');
    expect(list.at(-1)!.regionName).toBe('城市3');
  });

  it('reads back only well-formed entries and survives junk', () => {
    expect(parseCommonCities(JSON.stringify([city(1), { regionName: 'x' }, 5, { regionName: '北京', regionCode: 'abc' }]))).toEqual([
      city(1),
    ]);
    expect(parseCommonCities('{not json')).toEqual([]);
    expect(parseCommonCities(null)).toEqual([]);
  });
});
