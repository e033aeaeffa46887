import { addressOfGpsCommunity, addressToStore, communityUnitPrice, shortPrice } from './address-text';

describe('addressOfGpsCommunity', () => {
  it('joins district, street, number and community name', () => {
    expect(addressOfGpsCommunity({ haCode: 'h1', haName: '双井小区', distName: '朝阳区', streetName: '团结湖路', streetNo: '305号' })).toBe(
      '朝阳区团结湖路305号 双井小区',
    );
  });

  it('falls back to 未获取地址信息 without an item or any text', () => {
    expect(addressOfGpsCommunity(undefined)).toBe('未获取地址信息');
    expect(addressOfGpsCommunity({ haCode: 'h1', haName: ' ', distName: '', streetName: '', streetNo: '' })).toBe('未获取地址信息');
  });
});

describe('addressToStore', () => {
  it('drops the placeholder and trims', () => {
    expect(addressToStore('未获取地址信息')).toBe('');
    expect(addressToStore('  朝阳区建国路27号 ')).toBe('朝阳区建国路27号');
  });
});

describe('prices', () => {
  it('formats unit prices with separators and 暂无 without a price', () => {
    expect(communityUnitPrice(81234.4)).toBe('81,234元/㎡');
    expect(communityUnitPrice(null)).toBe('暂无');
    expect(communityUnitPrice(0)).toBe('暂无');
  });

  it('shortens prices for marker labels', () => {
    expect(shortPrice(81234)).toBe('8.1万');
    expect(shortPrice(9500)).toBe('9500');
    expect(shortPrice(null)).toBe('');
  });
});
