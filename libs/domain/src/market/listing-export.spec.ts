import { FieldError } from './market-fields';
import {
  floorOfLevel,
  listingColumns,
  parseFloorText,
  parseListingDate,
  parseListingTotal,
  readListingRow,
  type ListingColumns,
} from './listing-export';

const BEIJING_HEADER = [
  'Direction',
  'District',
  'Elevator',
  'Floor',
  'Garden',
  'Id',
  'Layout',
  'Price',
  'Region',
  'Renovation',
  'Size',
  'UnitPrice',
  'Year',
];
const SITE_HEADER = [
  '小区名称',
  '所在区域',
  '总价',
  '单价',
  '房屋户型',
  '所在楼层',
  '建筑面积',
  '房屋朝向',
  '装修情况',
  '建筑类型',
  '挂牌时间',
];

const read = (columns: ListingColumns, cells: string[]) => readListingRow(cells, columns, 2026, '2026-11-28');

describe('listing export columns', () => {
  it('finds the English columns of the Beijing file and the Chinese ones of listing sites', () => {
    const beijing = listingColumns(BEIJING_HEADER);
    expect(beijing.index).toMatchObject({
      community: 4,
      district: 8,
      businessArea: 1,
      totalFloors: 3,
      buildYear: 12,
      floor: -1,
      listedOn: -1,
    });
    const site = listingColumns(SITE_HEADER);
    expect(site.index).toMatchObject({ community: 0, district: 1, totalPrice: 2, floor: 5, area: 6, listedOn: 10, buildYear: -1 });
  });

  it('ignores spaces, letter case and a bracketed unit in a header, which may say the totals are in 万', () => {
    const columns = listingColumns([' 小区 ', 'size', '总价（万元）', '单价(元/平米)']);
    expect(columns.index).toMatchObject({ community: 0, area: 1, totalPrice: 2, unitPrice: 3 });
    expect(columns.totalInWan).toBe(true);
  });

  it('refuses a header without community, area or any price, naming what is missing', () => {
    expect(() => listingColumns(['Garden', 'Price'])).toThrow(new FieldError('表头缺少：面积 (Size, 建筑面积)'));
    expect(() => listingColumns(['名称', '面积'])).toThrow(/小区.*总价或单价/);
  });
});

describe('parseFloorText', () => {
  it('reads the band and the height of listing sites', () => {
    expect(parseFloorText('低楼层 (共16层)')).toEqual({ floor: null, totalFloors: 16, level: 'low' });
    expect(parseFloorText('中楼层/共6层')).toEqual({ floor: null, totalFloors: 6, level: 'middle' });
    expect(parseFloorText('高楼层（共32层）')).toEqual({ floor: null, totalFloors: 32, level: 'high' });
    expect(parseFloorText('高楼层')).toEqual({ floor: null, totalFloors: null, level: 'high' });
    expect(parseFloorText('共18层')).toEqual({ floor: null, totalFloors: 18, level: null });
  });

  it('reads a floor given as a number, a fraction, or a word', () => {
    expect(parseFloorText('3/16')).toEqual({ floor: 3, totalFloors: 16, level: null });
    expect(parseFloorText('第3层(共16层)')).toEqual({ floor: 3, totalFloors: 16, level: null });
    expect(parseFloorText('底层(共6层)')).toEqual({ floor: 1, totalFloors: 6, level: null });
    expect(parseFloorText('顶层(共18层)')).toEqual({ floor: 18, totalFloors: 18, level: null });
    expect(parseFloorText('地下室')).toEqual({ floor: -1, totalFloors: null, level: null });
    expect(parseFloorText('7')).toEqual({ floor: 7, totalFloors: null, level: null });
  });

  it('refuses what it cannot read or what cannot be', () => {
    expect(() => parseFloorText('很高')).toThrow(FieldError);
    expect(() => parseFloorText('20/16')).toThrow('楼层 20 高于总楼层 16');
    expect(() => parseFloorText('低楼层 (共0层)')).toThrow('总楼层 0 不在 1–200 之间');
    expect(parseFloorText('  ')).toBeNull();
  });

  it('places a band in the middle of its third of the building', () => {
    expect([floorOfLevel('low', 18), floorOfLevel('middle', 18), floorOfLevel('high', 18)]).toEqual([3, 9, 15]);
    expect(floorOfLevel('low', 2)).toBe(1);
    expect(floorOfLevel('high', 1)).toBe(1);
  });
});

describe('parseListingDate', () => {
  it('reads the usual date forms, to the day', () => {
    expect(parseListingDate('2021-11-03', '2026-11-28')).toBe('2021-11-03');
    expect(parseListingDate('2021/11/3', '2026-11-28')).toBe('2021-11-03');
    expect(parseListingDate('2021年11月3日', '2026-11-28')).toBe('2021-11-03');
    expect(parseListingDate('20211103', '2026-11-28')).toBe('2021-11-03');
    expect(parseListingDate('2021-11-03 10:20:00', '2026-11-28')).toBe('2021-11-03');
  });

  it('refuses impossible and future dates', () => {
    expect(() => parseListingDate('2021-02-30', '2026-11-28')).toThrow('不是有效日期');
    expect(() => parseListingDate('2026-12-01', '2026-11-28')).toThrow('晚于今天');
    expect(() => parseListingDate('上周', '2026-11-28')).toThrow('无法识别');
  });
});

describe('parseListingTotal', () => {
  it('takes the unit a price states', () => {
    expect(parseListingTotal(' 650万', null, null, false)).toBe(6_500_000);
    expect(parseListingTotal('1.2亿', null, null, false)).toBe(120_000_000);
    expect(parseListingTotal('6,500,000元', null, null, false)).toBe(6_500_000);
  });

  it('reads a bare number in 万 or in yuan, whichever agrees with unit price × area', () => {
    expect(parseListingTotal('650', 104_569, 62, false)).toBe(6_500_000);
    expect(parseListingTotal('6500000', 104_569, 62, false)).toBe(6_500_000);
    // Without a unit price: in 万 below 100,000 or under a 万 header.
    expect(parseListingTotal('88', null, 60, false)).toBe(880_000);
    expect(parseListingTotal('880000', null, 60, false)).toBe(880_000);
    expect(parseListingTotal('120000', null, 60, true)).toBe(1_200_000_000);
  });
});

describe('readListingRow', () => {
  const beijing = listingColumns(BEIJING_HEADER);
  const site = listingColumns(SITE_HEADER);

  it('reads a row of the Beijing file', () => {
    const row = read(beijing, [
      '西北',
      '崇文门',
      '板塔结合',
      '6',
      '体育馆路13号',
      '101113515819',
      '2室1厅',
      ' 650万',
      '东城',
      '简装',
      '62.0',
      '104,569元/平',
      '1950',
    ]);
    expect(row.listing).toMatchObject({
      id: '101113515819',
      district: '东城',
      businessArea: '崇文门',
      community: '体育馆路13号',
      layout: { rooms: 2, halls: 1, baths: null },
      apartment: false,
      area: 62,
      totalPrice: 6_500_000,
      unitPrice: 104_569,
      totalFloors: 6,
      floor: null,
      buildYear: 1950,
      face: '8',
      listedOn: null,
    });
  });

  it('reads a listing-site row with 元/平米, 113.62㎡, a floor band, a listing date and no build year', () => {
    const row = read(site, [
      '望京西园三区',
      '朝阳 望京',
      '798',
      '70,234元/平米',
      '3室1厅',
      '低楼层 (共16层)',
      '113.62㎡',
      '南 北',
      '精装',
      '板楼',
      '2021-10-12',
    ]);
    expect(row.problems).toBeUndefined();
    expect(row.listing).toMatchObject({
      district: '朝阳',
      businessArea: '望京',
      community: '望京西园三区',
      area: 113.62,
      totalPrice: 7_980_000,
      unitPrice: 70_234,
      totalFloors: 16,
      floor: 3,
      buildYear: null,
      face: '9',
      listedOn: '2021-10-12',
    });
  });

  it('takes 元/㎡ and a bare unit price, and computes a missing total from the area', () => {
    const columns = listingColumns(['小区', '区县', '单价', '面积']);
    expect(read(columns, ['A', '海淀', '65000元/㎡', '80']).listing).toMatchObject({ unitPrice: 65_000, totalPrice: 5_200_000 });
    expect(read(columns, ['A', '海淀', '65000', '80']).listing).toMatchObject({ unitPrice: 65_000, totalPrice: 5_200_000 });
  });

  it('marks layouts of rooms and bathrooms as apartments', () => {
    const row = read(beijing, ['南', '望京', '塔楼', '28', 'SOHO', '1', '1房间1卫', '300万', '朝阳', '精装', '50', '60,000元/平', '2010']);
    expect(row.listing).toMatchObject({ apartment: true, layout: { rooms: 1, halls: null, baths: 1 } });
  });

  it('refuses a row with every problem named at once', () => {
    const row = read(site, ['', '', '一千万', '', '3室1厅', '很高', '-5㎡', '南北', '精装', '板楼', '2030-01-01']);
    expect(row.listing).toBeUndefined();
    expect(row.problems).toEqual(
      expect.arrayContaining([
        '区县不能为空',
        '小区不能为空',
        '面积 -5 超出合理范围',
        '总价「一千万」无法识别',
        '楼层「很高」无法识别',
        '挂牌时间 2030-01-01 晚于今天',
      ]),
    );
  });

  it('refuses prices that contradict each other', () => {
    const row = read(site, ['A', '朝阳', '300万', '70,000元/平米', '', '', '100㎡', '', '', '', '']);
    expect(row.problems).toEqual(['总价 3000000 与单价 70000 × 面积 100 不符']);
  });
});
