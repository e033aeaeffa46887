import { businessToday } from '../time/business-date';
import {
  FieldError,
  normalizeText,
  parseBuildingType,
  parseBuildYear,
  parseDecoration,
  parseFace,
  parseInteger,
  parseLayout,
  parseNumber,
  parseUnitPrice,
  type Layout,
} from './market-fields';

/**
 * The common layouts of second-hand listing exports: the English columns of the Beijing file
 * (Price, UnitPrice, Garden...) and the Chinese ones of listing sites (总价, 单价, 小区名称, 所在区域,
 * 房屋户型, 所在楼层 such as "低楼层 (共16层)", 建筑面积 such as "113.62㎡", 挂牌时间...), with
 * prices in 万 or in yuan, unit prices as 元/平, 元/平米, 元/㎡ or a bare number, and the build year
 * often missing.
 */
export type ListingField =
  | 'id'
  | 'district'
  | 'businessArea'
  | 'community'
  | 'layout'
  | 'area'
  | 'totalPrice'
  | 'unitPrice'
  | 'totalFloors'
  | 'floor'
  | 'buildYear'
  | 'face'
  | 'decoration'
  | 'buildingType'
  | 'listedOn';

/** Header names of each field, compared without spaces, case or a bracketed unit (总价(万元) is 总价). */
export const LISTING_HEADERS: Readonly<Record<ListingField, readonly string[]>> = {
  id: ['Id', '房源编号', '编号', '链家编号', '房源ID'],
  district: ['Region', '区县', '所在区域', '区域', '行政区', '城区'],
  businessArea: ['District', '商圈', '板块'],
  community: ['Garden', '小区', '小区名称', '楼盘', '楼盘名称'],
  layout: ['Layout', '户型', '房屋户型'],
  area: ['Size', '面积', '建筑面积'],
  totalPrice: ['Price', '总价', '挂牌总价', '挂牌价'],
  unitPrice: ['UnitPrice', '单价', '挂牌单价'],
  totalFloors: ['Floor', '总楼层', '总层数'],
  floor: ['所在楼层', '楼层'],
  buildYear: ['Year', '建成年代', '建筑年代', '建成年份', '年代'],
  face: ['Direction', '朝向', '房屋朝向'],
  decoration: ['Renovation', '装修', '装修情况'],
  buildingType: ['Elevator', '建筑类型'],
  listedOn: ['挂牌时间', '挂牌日期', '上架时间', 'ListDate', 'ListedOn'],
};

/** The name each field goes by in messages and reports. */
export const LISTING_LABELS: Readonly<Record<ListingField, string>> = {
  id: '房源编号',
  district: '区县',
  businessArea: '商圈',
  community: '小区',
  layout: '户型',
  area: '面积',
  totalPrice: '总价',
  unitPrice: '单价',
  totalFloors: '总楼层',
  floor: '所在楼层',
  buildYear: '建成年代',
  face: '朝向',
  decoration: '装修',
  buildingType: '建筑类型',
  listedOn: '挂牌时间',
};

const FIELDS = Object.keys(LISTING_HEADERS) as ListingField[];

const headerKey = (text: string): string =>
  normalizeText(text)
    .replace(/\(.*\)$/, '')
    .toLowerCase();

/** Where each field is in a header row (-1 when absent), and whether the total price column says 万. */
export interface ListingColumns {
  index: Readonly<Record<ListingField, number>>;
  totalInWan: boolean;
}

/** The columns of a header row; refuses a row that lacks the columns no valuation can do without. */
export function listingColumns(header: readonly string[]): ListingColumns {
  const keys = header.map(headerKey);
  const index = Object.fromEntries(
    FIELDS.map((f) => [f, keys.findIndex((k) => LISTING_HEADERS[f].some((name) => headerKey(name) === k))]),
  ) as Record<ListingField, number>;
  const missing: string[] = [];
  if (index.community < 0) missing.push('小区 (Garden, 小区名称)');
  if (index.area < 0) missing.push('面积 (Size, 建筑面积)');
  if (index.totalPrice < 0 && index.unitPrice < 0) missing.push('总价或单价 (Price, UnitPrice)');
  if (missing.length) throw new FieldError(`表头缺少：${missing.join('、')}`);
  const totalHeader = index.totalPrice < 0 ? '' : normalizeText(header[index.totalPrice]);
  return { index, totalInWan: /\(万(元)?\)$/.test(totalHeader) };
}

export type FloorLevel = 'low' | 'middle' | 'high';

export interface FloorText {
  floor: number | null;
  totalFloors: number | null;
  level: FloorLevel | null;
}

const LEVELS: Readonly<Record<string, FloorLevel>> = { 低: 'low', 中: 'middle', 高: 'high' };

/**
 * The unit's floor as listing sites write it: `低楼层 (共16层)`, `中楼层/共6层`, `高楼层`, `底层(共6层)`,
 * `顶层(共18层)`, `地下室`, `3/16`, `第3层(共16层)`, `共16层`, `3层`, `3`.
 */
export function parseFloorText(text: string | null | undefined): FloorText | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const t = normalizeText(text).replace(/[（]/g, '(').replace(/[）]/g, ')');
  const total = /共(\d{1,3})层/.exec(t);
  const totalFloors = total ? Number(total[1]) : null;
  const head = t.replace(/\/?\(?共\d{1,3}层\)?$/, '');
  let floor: number | null = null;
  let level: FloorLevel | null = null;
  const slash = /^(-?\d{1,3})\/(\d{1,3})$/.exec(head);
  if (slash) return checkedFloor({ floor: Number(slash[1]), totalFloors: Number(slash[2]), level: null }, text);
  const band = /^([低中高])(?:楼)?层?$/.exec(head);
  const number = /^第?(-?\d{1,3})层?$/.exec(head);
  if (band) level = LEVELS[band[1]];
  else if (/^(底层|首层|一层)$/.test(head)) floor = 1;
  else if (/^顶层$/.test(head)) floor = totalFloors;
  else if (/^(地下室|地下|负一层)$/.test(head)) floor = -1;
  else if (number) floor = Number(number[1]);
  else if (head !== '') throw new FieldError(`楼层「${text.trim()}」无法识别`);
  if (floor === null && level === null && totalFloors === null) throw new FieldError(`楼层「${text.trim()}」无法识别`);
  return checkedFloor({ floor, totalFloors, level }, text);
}

function checkedFloor(value: FloorText, text: string): FloorText {
  const { floor, totalFloors } = value;
  if (totalFloors !== null && (totalFloors < 1 || totalFloors > 200)) throw new FieldError(`总楼层 ${totalFloors} 不在 1–200 之间`);
  if (floor !== null && (floor === 0 || floor < -5 || floor > 200)) throw new FieldError(`楼层「${text.trim()}」不在合理范围`);
  if (floor !== null && totalFloors !== null && floor > totalFloors) throw new FieldError(`楼层 ${floor} 高于总楼层 ${totalFloors}`);
  return value;
}

/**
 * A representative floor for a band of a building of known height: the middle of its lower,
 * middle or upper third, so a listing that gives only the band still says roughly how high it is.
 */
export function floorOfLevel(level: FloorLevel, totalFloors: number): number {
  const share = level === 'low' ? 1 / 6 : level === 'middle' ? 1 / 2 : 5 / 6;
  return Math.min(totalFloors, Math.max(1, Math.round(totalFloors * share)));
}

/** A listing date, yyyy-MM-dd: `2021-11-03`, `2021/11/3`, `2021.11.3`, `2021年11月3日`, `20211103`. */
export function parseListingDate(text: string | null | undefined, today = businessToday()): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const t = normalizeText(text.trim().split(/[\sT]/)[0]);
  const match = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?$/.exec(t);
  if (!match) throw new FieldError(`挂牌时间「${text.trim()}」无法识别，应如 2021-11-03`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1990 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw new FieldError(`挂牌时间「${text.trim()}」不是有效日期`);
  const iso = `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (iso > today) throw new FieldError(`挂牌时间 ${iso} 晚于今天`);
  return iso;
}

/** How far two prices may disagree (total against unit × area) before a row is refused. */
const PRICE_TOLERANCE = 0.15;

/**
 * The total price in yuan. `650万`, `1.2亿` and `6,500,000元` say their unit; a bare number is read
 * in 万 or in yuan, whichever agrees with unit price × area, else in 万 under a 万 header or below
 * 100,000 (no home is listed for less than 100,000 yuan, while listing sites state totals in 万).
 */
export function parseListingTotal(text: string, unitPrice: number | null, area: number | null, inWan: boolean): number | null {
  if (text.trim() === '') return null;
  const t = normalizeText(text)
    .replace(/,/g, '')
    .replace(/(人民币|RMB)$/i, '');
  const match = /^(\d+(?:\.\d+)?)(万元|万|亿元|亿|元)?$/.exec(t);
  if (!match) throw new FieldError(`总价「${text.trim()}」无法识别`);
  const n = Number(match[1]);
  const unit = match[2] ?? '';
  if (unit.startsWith('万')) return n * 1e4;
  if (unit.startsWith('亿')) return n * 1e8;
  if (unit === '元') return n;
  if (unitPrice !== null && area !== null && unitPrice > 0 && area > 0) {
    const implied = unitPrice * area;
    return Math.abs(Math.log((n * 1e4) / implied)) < Math.abs(Math.log(n / implied)) ? n * 1e4 : n;
  }
  return inWan || n < 100_000 ? n * 1e4 : n;
}

/** One listing of an export, in the platform's codes; the district and community as written. */
export interface ListingRecord {
  id: string | null;
  district: string;
  businessArea: string | null;
  community: string;
  layout: Layout | null;
  /** Layouts written `N房间M卫`: commercial-residential apartments rather than flats. */
  apartment: boolean;
  area: number;
  totalPrice: number;
  unitPrice: number;
  floor: number | null;
  totalFloors: number | null;
  buildYear: number | null;
  face: string | null;
  decoration: string | null;
  buildingType: string | null;
  listedOn: string | null;
}

export type ListingRowResult = { listing: ListingRecord; problems?: undefined } | { listing?: undefined; problems: string[] };

/**
 * Reads one row of a listing export: every field it can, and every problem at once. A row without
 * a build year, floor, orientation or listing date is kept (those stay unknown); one without its
 * community, district, area or a price is refused.
 */
export function readListingRow(
  cells: readonly string[],
  columns: ListingColumns,
  currentYear = Number(businessToday().slice(0, 4)),
  today = businessToday(),
): ListingRowResult {
  const problems: string[] = [];
  const text = (f: ListingField): string => (columns.index[f] < 0 ? '' : (cells[columns.index[f]] ?? '').trim());
  const read = <T>(f: ListingField, parse: (t: string) => T | null): T | null => {
    if (text(f) === '') return null;
    try {
      return parse(text(f));
    } catch (error) {
      if (error instanceof FieldError) {
        problems.push(error.message);
        return null;
      }
      throw error;
    }
  };

  // 所在区域 may carry the business area after the district: "朝阳 酒仙桥", "朝阳-酒仙桥".
  const place = text('district')
    .split(/[\s\-—/|]+/)
    .filter(Boolean);
  const district = place[0] ?? '';
  const businessArea = text('businessArea') || place[1] || null;
  if (district === '') problems.push('区县不能为空');
  const community = text('community');
  if (community === '') problems.push('小区不能为空');

  const area = read('area', (t) => {
    const value = parseNumber(t, '面积');
    if (value !== null && (value <= 0 || value >= 100_000)) throw new FieldError(`面积 ${value} 超出合理范围`);
    return value;
  });
  if (area === null && text('area') === '') problems.push('面积不能为空');
  let unitPrice = read('unitPrice', (t) => parseUnitPrice(t));
  let totalPrice = read('totalPrice', (t) => parseListingTotal(t, unitPrice, area, columns.totalInWan));
  if (text('totalPrice') === '' && text('unitPrice') === '') problems.push('总价和单价至少填写一项');
  if (area !== null) {
    if (unitPrice === null && totalPrice !== null) unitPrice = Math.round((totalPrice / area) * 100) / 100;
    if (totalPrice === null && unitPrice !== null) totalPrice = Math.round(unitPrice * area);
  }
  if (
    totalPrice !== null &&
    unitPrice !== null &&
    area !== null &&
    Math.abs(unitPrice * area - totalPrice) > PRICE_TOLERANCE * totalPrice
  ) {
    problems.push(`总价 ${totalPrice} 与单价 ${unitPrice} × 面积 ${area} 不符`);
  }
  if (unitPrice !== null && (unitPrice < 300 || unitPrice > 500_000)) problems.push(`单价 ${unitPrice} 超出出售的合理范围 300–500000`);

  const layout = read('layout', parseLayout);
  const floorText = read('floor', parseFloorText);
  const totalFloors = read('totalFloors', (t) => parseInteger(t, '总楼层', 1, 200)) ?? floorText?.totalFloors ?? null;
  const floor = floorText?.floor ?? (floorText?.level && totalFloors !== null ? floorOfLevel(floorText.level, totalFloors) : null);
  const buildYear = read('buildYear', (t) => (/^(暂无|暂无数据|未知|-)$/.test(normalizeText(t)) ? null : parseBuildYear(t, currentYear)));
  const face = read('face', parseFace);
  const decoration = read('decoration', parseDecoration);
  const buildingType = read('buildingType', parseBuildingType);
  const listedOn = read('listedOn', (t) => parseListingDate(t, today));

  if (problems.length || area === null || totalPrice === null || unitPrice === null) return { problems };
  return {
    listing: {
      id: text('id') || null,
      district,
      businessArea,
      community,
      layout,
      apartment: /房间/.test(text('layout')),
      area,
      totalPrice,
      unitPrice,
      floor,
      totalFloors,
      buildYear,
      face,
      decoration,
      buildingType,
      listedOn,
    },
  };
}
