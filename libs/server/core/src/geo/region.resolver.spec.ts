import { buildRegionRows } from '@valuation/persistence';
import { RegionResolver } from './region.resolver';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const regions = new RegionResolver(buildRegionRows(require('china-area-data')));

describe('RegionResolver on the GB/T 2260 table', () => {
  it('takes a city by its name, with or without 市, and after its province', () => {
    for (const text of ['北京市', '北京', ' 北京 ', '深圳市', '深圳', '广东省深圳市', '广东深圳']) {
      expect([text, regions.city(text)]).toEqual([text, text.includes('北京') ? '110100' : '440300']);
    }
    expect(regions.city('吉林')).toBe('220200');
    expect(regions.city('大兴安岭')).toBe('232700');
    expect(regions.city('延边')).toBe('222400');
    expect(regions.city('延边州')).toBe('222400');
    expect(regions.city('恩施州')).toBe('422800');
    expect(regions.city('巴音郭楞')).toBe('652800');
  });

  it('takes a city by its pinyin in any case, spaced or with tone marks', () => {
    for (const text of ['beijing', 'Beijing', 'BEIJING', 'bei jing', 'Bei Jing', 'Běijīng', 'beijingshi']) {
      expect([text, regions.city(text)]).toEqual([text, '110100']);
    }
    expect(regions.city('shenzhen')).toBe('440300');
    expect(regions.city('ShenZhen')).toBe('440300');
    expect(regions.city("xi'an")).toBe('610100');
    expect(regions.city('chongqing')).toBe('500100');
    expect(regions.city('lvliang')).toBe('141100');
    expect(regions.city('luliang')).toBe('141100');
    expect(regions.city('Lüliang')).toBe('141100');
  });

  it('takes a city by its code, its municipality province code, or a district code', () => {
    expect(regions.city('110100')).toBe('110100');
    expect(regions.city('110000')).toBe('110100');
    expect(regions.city('110101')).toBe('110100');
    expect(regions.city('440305')).toBe('440300');
    expect(regions.city('１１０１０１')).toBe('110100');
    expect(regions.city('110101000000')).toBe('110100');
    expect(regions.city('440000')).toBeNull();
    expect(regions.city('999999')).toBeNull();
  });

  it('resolves a district code to its city and district', () => {
    expect(regions.place('110101')).toEqual({ cityCode: '110100', cityName: '北京市', distCode: '110101', distName: '东城区' });
    expect(regions.place('110101', '朝阳区')).toMatchObject({ cityCode: '110100', distCode: '110105', distName: '朝阳区' });
    expect(regions.place('110101', '不存在区')).toMatchObject({ distCode: '110101' });
    expect(regions.place('beijing', '')).toEqual({ cityCode: '110100', cityName: '北京市', distCode: null, distName: null });
    expect(regions.place('shenzhen', 'nanshan')).toMatchObject({
      cityCode: '440300',
      cityName: '深圳市',
      distCode: '440305',
      distName: '南山区',
    });
    expect(regions.place('火星市', '朝阳区')).toBeNull();
  });

  it('takes a district within its city by code, name with or without its suffix, or pinyin', () => {
    for (const text of ['110105', '朝阳区', '朝阳', 'chaoyang', 'Chao Yang', 'chaoyangqu']) {
      expect([text, regions.district('110100', text)]).toEqual([text, '110105']);
    }
    expect(regions.district('220100', '朝阳区')).toBe('220104');
    expect(regions.district('310100', '浦东')).toBe('310115');
    expect(regions.district('310100', '浦东新区')).toBe('310115');
    expect(regions.district('110100', '310115')).toBeNull();
    expect(regions.district('110100', '浦东')).toBeNull();
  });

  it('resolves nothing that names several cities or is no city', () => {
    for (const text of ['suzhou', 'taizhou', 'fuzhou', 'yulin', 'yichun']) expect([text, regions.city(text)]).toEqual([text, null]);
    expect(regions.city('苏州')).toBe('320500');
    expect(regions.city('宿州')).toBe('341300');
    expect(regions.city('朝阳区')).toBeNull();
    expect(regions.city('海南')).toBeNull();
    expect(regions.city('bj')).toBeNull();
    expect(regions.city('')).toBeNull();
    expect(regions.city('不存在市')).toBeNull();
  });

  it('names a code', () => {
    expect(regions.name('110105')).toBe('朝阳区');
    expect(regions.name('000000')).toBeNull();
  });
});
