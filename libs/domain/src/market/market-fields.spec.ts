import {
  FieldError,
  parseBuildingType,
  parseBuildYear,
  parseDecoration,
  parseFace,
  parseLayout,
  parseMoney,
  parseMonth,
  parseNumber,
  parsePercent,
  parsePropType,
  parsePropTypes,
  parseTradeType,
  parseUnitPrice,
} from './market-fields';

const reason = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof FieldError) return error.message;
    throw error;
  }
  throw new Error('no FieldError');
};

describe('parseLayout', () => {
  it('reads rooms and halls, and bathrooms when given', () => {
    expect(parseLayout('2室1厅')).toEqual({ rooms: 2, halls: 1, baths: null });
    expect(parseLayout('1室0厅')).toEqual({ rooms: 1, halls: 0, baths: null });
    expect(parseLayout('3室2厅2卫')).toEqual({ rooms: 3, halls: 2, baths: 2 });
    expect(parseLayout(' 10室3厅 ')).toEqual({ rooms: 10, halls: 3, baths: null });
    expect(parseLayout('2/1/1')).toEqual({ rooms: 2, halls: 1, baths: 1 });
  });

  it('reads the Lianjia form without halls and Chinese numerals', () => {
    expect(parseLayout('3房间1卫')).toEqual({ rooms: 3, halls: null, baths: 1 });
    expect(parseLayout('0房间0卫')).toEqual({ rooms: 0, halls: null, baths: 0 });
    expect(parseLayout('两室一厅')).toEqual({ rooms: 2, halls: 1, baths: null });
    expect(parseLayout('十二室三厅')).toEqual({ rooms: 12, halls: 3, baths: null });
  });

  it('gives null for an empty cell and a reason for junk', () => {
    expect(parseLayout('')).toBeNull();
    expect(parseLayout(null)).toBeNull();
    expect(reason(() => parseLayout('Layout'))).toBe('户型「Layout」无法识别，应如 2室1厅1卫');
    expect(reason(() => parseLayout('厅'))).toContain('无法识别');
    expect(reason(() => parseLayout('30室1厅'))).toBe('户型「30室1厅」的房间数过大');
  });
});

describe('parseMoney', () => {
  it('reads prices in 万 with the leading space of the Lianjia file', () => {
    expect(parseMoney(' 650万')).toBe(6_500_000);
    expect(parseMoney(' 1120万')).toBe(11_200_000);
    expect(parseMoney('388.5万')).toBe(3_885_000);
    expect(parseMoney('1.2亿')).toBe(120_000_000);
  });

  it('reads yuan with separators and units, and monthly rents', () => {
    expect(parseMoney('6,500,000')).toBe(6_500_000);
    expect(parseMoney('8500元/月')).toBe(8500);
    expect(parseMoney('１２０００元')).toBe(12000);
  });

  it('rejects what is not a price', () => {
    expect(reason(() => parseMoney('Price'))).toBe('总价「Price」无法识别');
    expect(reason(() => parseMoney('面议', '租金'))).toBe('租金「面议」无法识别');
    expect(parseMoney('  ')).toBeNull();
  });
});

describe('parseUnitPrice', () => {
  it('reads the Lianjia unit price and its variants', () => {
    expect(parseUnitPrice('104,569元/平')).toBe(104569);
    expect(parseUnitPrice('88445元/㎡')).toBe(88445);
    expect(parseUnitPrice('10.5万/平')).toBe(105000);
    expect(parseUnitPrice('85.5元/平米/月')).toBe(85.5);
    expect(parseUnitPrice('62000')).toBe(62000);
  });

  it('rejects junk', () => {
    expect(reason(() => parseUnitPrice('UnitPrice'))).toBe('单价「UnitPrice」无法识别');
  });
});

describe('parseBuildYear', () => {
  it('accepts years from 1900 to the current year', () => {
    expect(parseBuildYear('1950', 2025)).toBe(1950);
    expect(parseBuildYear('2004年', 2025)).toBe(2004);
    expect(parseBuildYear('2025年建成', 2025)).toBe(2025);
    expect(parseBuildYear('', 2025)).toBeNull();
  });

  it('rejects the junk years of the Lianjia file with the reason', () => {
    expect(reason(() => parseBuildYear('2105', 2025))).toBe('建成年代 2105 不在 1900–2025 之间');
    expect(reason(() => parseBuildYear('9', 2025))).toBe('建成年代 9 不在 1900–2025 之间');
    expect(reason(() => parseBuildYear('Year', 2025))).toBe('建成年代「Year」不是年份');
    expect(reason(() => parseBuildYear('2026', 2025))).toContain('不在 1900–2025 之间');
  });
});

describe('codes from names', () => {
  it('maps orientations, including the several-sided ones of listings', () => {
    expect(['南北', '南', '东', '西北', '东西', '9', '南向'].map(parseFace)).toEqual(['9', '2', '1', '8', '10', '9', '2']);
    expect(['北南', '东南北', '南西北', '东南西北', '东东南', '南西', '西东', '东南西'].map(parseFace)).toEqual([
      '9',
      '9',
      '9',
      '9',
      '5',
      '6',
      '10',
      '2',
    ]);
    expect(reason(() => parseFace('Direction'))).toBe('朝向「Direction」无法识别');
  });

  it('maps decoration, with 其他 as unknown', () => {
    expect(['精装', '简装', '毛坯', '精装修', '豪华装修', '4'].map(parseDecoration)).toEqual(['4', '2', '1', '4', '5', '4']);
    expect(parseDecoration('其他')).toBeNull();
    expect(reason(() => parseDecoration('Renovation'))).toBe('装修「Renovation」无法识别');
  });

  it('maps building types, with 平房 and 暂无数据 as unknown', () => {
    expect(['板楼', '塔楼', '板塔结合', '多层', '13'].map(parseBuildingType)).toEqual(['14', '15', '16', '11', '13']);
    expect(parseBuildingType('暂无数据')).toBeNull();
    expect(parseBuildingType('平房')).toBeNull();
    expect(reason(() => parseBuildingType('Elevator'))).toBe('建筑类型「Elevator」无法识别');
  });

  it('maps trade and property types', () => {
    expect(['出售', '1', 'sale', '出租', '租赁', '2'].map(parseTradeType)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(['住宅', '写字楼', '商铺', '22'].map(parsePropType)).toEqual([11, 21, 22, 22]);
    expect(parsePropTypes('住宅、商铺')).toBe('11,22');
    expect(parsePropTypes('22,11,11')).toBe('11,22');
    expect(reason(() => parseTradeType('拍卖'))).toBe('交易类型「拍卖」无法识别，应为 出售 或 出租');
    expect(reason(() => parsePropType('12'))).toBe('物业类型「12」无法识别，应为 住宅、办公 或 商铺');
  });
});

describe('numbers, months and ratios', () => {
  it('reads numbers with units and separators', () => {
    expect(parseNumber('62.0')).toBe(62);
    expect(parseNumber('1,234.5㎡')).toBe(1234.5);
    expect(parseNumber('89.5平米')).toBe(89.5);
    expect(reason(() => parseNumber('Size', '面积'))).toBe('面积「Size」不是数字');
  });

  it('reads months in the usual forms as the first of the month', () => {
    expect(
      ['2024-03', '2024-03-15', '2024/3/1', '202403', '20240315', '2024年3月', '2024年3月15日', '2024.3', '2024-03-15 10:00:00'].map((t) =>
        parseMonth(t),
      ),
    ).toEqual(Array(9).fill('2024-03-01'));
    expect(reason(() => parseMonth('2024-13'))).toBe('日期「2024-13」不是有效日期');
    expect(reason(() => parseMonth('三月'))).toBe('日期「三月」无法识别，应如 2024-03 或 2024-03-15');
  });

  it('reads percentages, fractions and plain numbers', () => {
    expect(parsePercent('35%', '绿化率')).toBe(35);
    expect(parsePercent('35', '绿化率')).toBe(35);
    expect(parsePercent('0.35', '绿化率')).toBe(35);
    expect(reason(() => parsePercent('135', '绿化率'))).toBe('绿化率 135 不在 0–100% 之间');
  });
});
