import { normaliseAddress, parseAddress, streetCandidates, type AddressPlaces } from './address-parse';

const BEIJING: AddressPlaces = {
  cities: ['北京市', '北京'],
  districts: [
    { code: '110101', name: '东城区' },
    { code: '110105', name: '朝阳区' },
    { code: '110108', name: '海淀区' },
  ],
};

const SHENZHEN: AddressPlaces = {
  cities: ['广东省', '广东', '深圳市', '深圳'],
  districts: [
    { code: '440305', name: '南山区' },
    { code: '440304', name: '福田区' },
  ],
};

const HAIDIAN = { code: '110108', name: '海淀区' };

describe('normaliseAddress', () => {
  it('folds full-width digits and letters, drops spaces and punctuation', () => {
    expect(normaliseAddress(' 海淀区 紫竹院路１９１号，ＳＯＨＯ（北门） ')).toBe('海淀区紫竹院路191号SOHO北门');
  });

  it('writes the traditional 號 as 号', () => {
    expect(normaliseAddress('紫竹院路191號')).toBe('紫竹院路191号');
  });
});

describe('parseAddress', () => {
  it('splits road and house number', () => {
    expect(parseAddress('紫竹院路191号', BEIJING)).toEqual({
      text: '紫竹院路191号',
      rest: '紫竹院路191号',
      district: null,
      street: '紫竹院路',
      houseNo: 191,
      houseNoText: '191号',
      name: '',
    });
  });

  it('drops the city and the district, keeping the district it named', () => {
    const parsed = parseAddress('北京市海淀区紫竹院路191号', BEIJING);
    expect(parsed).toMatchObject({ rest: '紫竹院路191号', district: HAIDIAN, street: '紫竹院路', houseNo: 191 });
  });

  it('reads city and district written without their suffixes', () => {
    expect(parseAddress('北京 海淀 紫竹院路 191号', BEIJING)).toMatchObject({ district: HAIDIAN, street: '紫竹院路', houseNo: 191 });
  });

  it('drops a province before the city', () => {
    expect(parseAddress('广东省深圳市南山区科技园路88号', SHENZHEN)).toMatchObject({
      district: { code: '440305', name: '南山区' },
      street: '科技园路',
      houseNo: 88,
    });
  });

  it('keeps 甲/乙 with the number and reads 号院 and a missing 号', () => {
    expect(parseAddress('复兴路乙12号', BEIJING)).toMatchObject({ street: '复兴路', houseNo: 12, houseNoText: '乙12号' });
    expect(parseAddress('东直门内大街甲5号院', BEIJING)).toMatchObject({ street: '东直门内大街', houseNo: 5, houseNoText: '甲5号' });
    expect(parseAddress('成府路20', BEIJING)).toMatchObject({ street: '成府路', houseNo: 20, houseNoText: '20号' });
  });

  it('keeps what follows the number as the name: building, unit, a landmark', () => {
    expect(parseAddress('朝阳区建国路88号SOHO现代城', BEIJING)).toMatchObject({ street: '建国路', houseNo: 88, name: 'SOHO现代城' });
    expect(parseAddress('东城区和平里中街12-3号3号楼2单元501', BEIJING)).toMatchObject({
      street: '和平里中街',
      houseNo: 12,
      name: '3号楼2单元501',
    });
  });

  it('reads hutongs, lanes and avenues', () => {
    expect(parseAddress('东城区南锣鼓巷胡同8号', BEIJING)).toMatchObject({ street: '南锣鼓巷胡同', houseNo: 8 });
    expect(parseAddress('福田区深南大道6008号', SHENZHEN)).toMatchObject({ street: '深南大道', houseNo: 6008 });
  });

  it('reads a road without a number', () => {
    expect(parseAddress('海淀区中关村大街', BEIJING)).toMatchObject({ district: HAIDIAN, street: '中关村大街', houseNo: null, name: '' });
  });

  it('does not take the start of a road or gate for a district', () => {
    expect(parseAddress('朝阳北路101号', BEIJING)).toMatchObject({ district: null, street: '朝阳北路', houseNo: 101 });
    expect(parseAddress('朝阳门内大街', BEIJING)).toMatchObject({ district: null, street: '朝阳门内大街' });
    expect(parseAddress('朝阳区朝阳北路', BEIJING)).toMatchObject({ district: { code: '110105', name: '朝阳区' }, street: '朝阳北路' });
  });

  it('keeps text without a road whole as a name', () => {
    expect(parseAddress('海淀区五道口', BEIJING)).toMatchObject({ district: HAIDIAN, street: null, houseNo: null, name: '五道口' });
    expect(parseAddress('春晓丽舍3号楼', BEIJING)).toMatchObject({ street: null, houseNo: null, name: '春晓丽舍3号楼' });
  });

  it('reads a district alone', () => {
    expect(parseAddress('北京市海淀区', BEIJING)).toMatchObject({ district: HAIDIAN, rest: '', street: null, name: '' });
  });
});

describe('streetCandidates', () => {
  it('lists the road and its shorter tails that are still roads, longest first', () => {
    expect(streetCandidates('京紫竹院路')).toEqual(['京紫竹院路', '紫竹院路', '竹院路', '院路']);
  });

  it('never offers a bare road word', () => {
    expect(streetCandidates('内大街')).toEqual(['内大街']);
  });
});
