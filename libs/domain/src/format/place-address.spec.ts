import { joinPlaceAddress } from './place-address';

describe('joinPlaceAddress', () => {
  it('leaves out a district the address already starts with', () => {
    expect(joinPlaceAddress(['海淀区', '海淀区紫竹院路191号'])).toBe('海淀区紫竹院路191号');
    expect(joinPlaceAddress(['北京市', '海淀区', '海淀区紫竹院路191号'])).toBe('北京市 海淀区紫竹院路191号');
  });

  it('recognises a city written without 市, but not a district without 区', () => {
    expect(joinPlaceAddress(['北京市', '北京海淀区紫竹院路'], ' · ')).toBe('北京海淀区紫竹院路');
    expect(joinPlaceAddress(['朝阳区', '朝阳北路8号'])).toBe('朝阳区 朝阳北路8号');
  });

  it('keeps places the address does not name, and skips blanks', () => {
    expect(joinPlaceAddress(['北京市', null, ' 紫竹院路191号 '], ' · ')).toBe('北京市 · 紫竹院路191号');
    expect(joinPlaceAddress(['海淀区', ''])).toBe('海淀区');
    expect(joinPlaceAddress([undefined, null])).toBe('');
  });
});
