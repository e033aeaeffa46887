import { dictCode } from '../codes/dictionaries';
import { businessToday } from '../time/business-date';

/**
 * Parsers of the cell texts found in market data files. Each returns null for an empty cell and
 * throws FieldError, whose message is the reason shown in the import report, for a bad one.
 */
export class FieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldError';
  }
}

const CHINESE_DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

const blank = (text: string | null | undefined): text is null | undefined | '' => text === null || text === undefined || text.trim() === '';

/** Full-width digits and punctuation to ASCII, and every kind of space removed. */
export function normalizeText(text: string): string {
  return text.replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\s\u3000\u00a0]+/g, '');
}

function smallInteger(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  if (token in CHINESE_DIGITS) return CHINESE_DIGITS[token];
  const tens = /^([一二三四五六七八九])?十([一二三四五六七八九])?$/.exec(token);
  if (tens) return (tens[1] ? CHINESE_DIGITS[tens[1]] : 1) * 10 + (tens[2] ? CHINESE_DIGITS[tens[2]] : 0);
  return null;
}

/** A plain number: thousands separators, spaces and a trailing unit (㎡, 平米, m², 元, 层...) are ignored. */
export function parseNumber(text: string | null | undefined, label = '数值'): number | null {
  if (blank(text)) return null;
  const cleaned = normalizeText(text)
    .replace(/,/g, '')
    .replace(/(平方米|平米|㎡|m²|m2|平|元|层|户|个|%)$/i, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) throw new FieldError(`${label}「${text.trim()}」不是数字`);
  return Number(cleaned);
}

/** An integer within bounds. */
export function parseInteger(text: string | null | undefined, label: string, min: number, max: number): number | null {
  const value = parseNumber(text, label);
  if (value === null) return null;
  if (!Number.isInteger(value)) throw new FieldError(`${label}「${String(text).trim()}」不是整数`);
  if (value < min || value > max) throw new FieldError(`${label} ${value} 不在 ${min}–${max} 之间`);
  return value;
}

export interface Layout {
  rooms: number | null;
  halls: number | null;
  baths: number | null;
}

/**
 * Rooms, halls and bathrooms of a layout: `2室1厅`, `3室2厅2卫`, `两室一厅`, `3房间1卫` (the
 * Lianjia form of some listings, without halls), `2/1/1`.
 */
export function parseLayout(text: string | null | undefined): Layout | null {
  if (blank(text)) return null;
  const t = normalizeText(text);
  const slashes = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{1,2}))?$/.exec(t);
  if (slashes) return { rooms: Number(slashes[1]), halls: Number(slashes[2]), baths: slashes[3] === undefined ? null : Number(slashes[3]) };
  const num = '(\\d{1,2}|[零〇一二两三四五六七八九十]{1,3})';
  const match = new RegExp(`^(?:${num}(?:室|房间|房))?(?:${num}厅)?(?:${num}(?:卫|卫生间))?(?:${num}厨)?$`).exec(t);
  if (!match || (match[1] === undefined && match[2] === undefined && match[3] === undefined)) {
    throw new FieldError(`户型「${text.trim()}」无法识别，应如 2室1厅1卫`);
  }
  const part = (token: string | undefined) => (token === undefined ? null : smallInteger(token));
  const layout = { rooms: part(match[1]), halls: part(match[2]), baths: part(match[3]) };
  for (const value of [layout.rooms, layout.halls, layout.baths]) {
    if (value !== null && value > 20) throw new FieldError(`户型「${text.trim()}」的房间数过大`);
  }
  return layout;
}

/**
 * A price in yuan. A `万` suffix multiplies by 10,000 (` 650万` → 6,500,000; `1.2亿` also works);
 * `元`, `元/月` and thousands separators are ignored.
 */
export function parseMoney(text: string | null | undefined, label = '总价'): number | null {
  if (blank(text)) return null;
  const t = normalizeText(text)
    .replace(/,/g, '')
    .replace(/(元\/月|元\/年|元|人民币|RMB)$/i, '');
  const match = /^(\d+(?:\.\d+)?)(万|亿)?$/.exec(t);
  if (!match) throw new FieldError(`${label}「${text.trim()}」无法识别`);
  const value = Number(match[1]) * (match[2] === '万' ? 1e4 : match[2] === '亿' ? 1e8 : 1);
  return Math.round(value * 100) / 100;
}

/** A unit price in yuan/m²: `104,569元/平`, `104569元/㎡`, `10.5万/平`, `85.5`. */
export function parseUnitPrice(text: string | null | undefined, label = '单价'): number | null {
  if (blank(text)) return null;
  const t = normalizeText(text)
    .replace(/,/g, '')
    .replace(/\/(平方米|平米|㎡|m²|m2|平)(\/月)?$/i, '')
    .replace(/每(平方米|平米|平)$/, '');
  const match = /^(\d+(?:\.\d+)?)(万)?(元)?$/.exec(t);
  if (!match) throw new FieldError(`${label}「${text.trim()}」无法识别`);
  return Math.round(Number(match[1]) * (match[2] ? 1e4 : 1) * 100) / 100;
}

/** A build year between 1900 and the current year: `2004`, `2004年`, `2004年建成`. */
export function parseBuildYear(text: string | null | undefined, currentYear = Number(businessToday().slice(0, 4))): number | null {
  if (blank(text)) return null;
  const t = normalizeText(text).replace(/年(建成|建造|竣工|建)?$/, '');
  if (!/^\d+$/.test(t)) throw new FieldError(`建成年代「${text.trim()}」不是年份`);
  const year = Number(t);
  if (year < 1900 || year > currentYear) throw new FieldError(`建成年代 ${year} 不在 1900–${currentYear} 之间`);
  return year;
}

/**
 * Orientation code. A dictionary name or code is taken as it is; listings that name several
 * sides (东南北, 南西北, 北南) get the code of the best pair they contain: both 南 and 北 make
 * 南北, otherwise 南 or 北 with one of 东/西 makes that corner, 东 and 西 alone make 东西.
 */
export function parseFace(text: string | null | undefined): string | null {
  if (blank(text)) return null;
  const t = normalizeText(text).replace(/向$/, '');
  if (/^\d{1,2}$/.test(t) && dictCode('face', nameOfFaceCode(t))) return t;
  const direct = dictCode('face', t);
  if (direct) return direct;
  if (!/^[东南西北]+$/.test(t)) throw new FieldError(`朝向「${text.trim()}」无法识别`);
  const has = (c: string) => t.includes(c);
  const east = has('东');
  const west = has('西');
  let name: string;
  if (has('南') && has('北')) name = '南北';
  else if (has('南')) name = east && !west ? '东南' : west && !east ? '西南' : '南';
  else if (has('北')) name = east && !west ? '东北' : west && !east ? '西北' : '北';
  else name = east && west ? '东西' : east ? '东' : '西';
  return dictCode('face', name);
}

function nameOfFaceCode(code: string): string {
  return ['', '东', '南', '西', '北', '东南', '西南', '东北', '西北', '南北', '东西'][Number(code)] ?? '';
}

/** Decoration code: 毛坯, 简装, 中装, 精装, 豪装 (or their codes); 其他 and 暂无 give null. */
export function parseDecoration(text: string | null | undefined): string | null {
  if (blank(text)) return null;
  const t = normalizeText(text).replace(/修$/, '');
  if (/^(其他|暂无|暂无数据|未知|-)$/.test(t)) return null;
  if (/^[1-5]$/.test(t)) return t;
  const code = dictCode('intDeco', t) ?? dictCode('intDeco', t.replace(/装$/, '') + '装');
  if (code) return code;
  const synonyms: Record<string, string> = {
    清水: '1',
    毛胚: '1',
    简单装修: '2',
    普通装修: '2',
    中等装修: '3',
    精装修: '4',
    豪华装修: '5',
    豪华: '5',
  };
  if (normalizeText(text) in synonyms) return synonyms[normalizeText(text)];
  throw new FieldError(`装修「${text.trim()}」无法识别`);
}

/** Building type code from its name (板楼, 塔楼, 板塔结合, 多层...) or code; 平房 and 暂无数据 give null. */
export function parseBuildingType(text: string | null | undefined): string | null {
  if (blank(text)) return null;
  const t = normalizeText(text);
  if (/^(平房|暂无|暂无数据|未知|其他|-)$/.test(t)) return null;
  if (/^\d{2}$/.test(t) && ['11', '12', '13', '14', '15', '16', '21', '22', '23'].includes(t)) return t;
  const code = dictCode('bldgType', t);
  if (code) return code;
  const synonyms: Record<string, string> = {
    板塔: '16',
    板塔结合楼: '16',
    别墅: '21',
    独栋: '21',
    联排: '22',
    叠拼: '23',
    高层住宅: '13',
    多层住宅: '11',
  };
  if (t in synonyms) return synonyms[t];
  throw new FieldError(`建筑类型「${text.trim()}」无法识别`);
}

/** 1 sale, 2 lease: `1`, `2`, 出售, 买卖, 成交, 挂牌, 出租, 租赁, sale, lease, rent. */
export function parseTradeType(text: string | null | undefined): 1 | 2 | null {
  if (blank(text)) return null;
  const t = normalizeText(text).toLowerCase();
  if (['1', '出售', '买卖', '销售', '成交', '挂牌', '二手房', 'sale', 'sell'].includes(t)) return 1;
  if (['2', '出租', '租赁', '租房', 'lease', 'rent'].includes(t)) return 2;
  throw new FieldError(`交易类型「${text.trim()}」无法识别，应为 出售 或 出租`);
}

const PROPERTY_TYPE_NAMES: Readonly<Record<string, number>> = {
  住宅: 11,
  普通住宅: 11,
  公寓: 11,
  residential: 11,
  办公: 21,
  写字楼: 21,
  办公楼: 21,
  office: 21,
  商铺: 22,
  商业: 22,
  店铺: 22,
  底商: 22,
  shop: 22,
  retail: 22,
};

/** Property type code 11 residential, 21 office, 22 shop, from the code or a name. */
export function parsePropType(text: string | null | undefined): 11 | 21 | 22 | null {
  if (blank(text)) return null;
  const t = normalizeText(text).toLowerCase();
  const code = /^\d+$/.test(t) ? Number(t) : PROPERTY_TYPE_NAMES[t];
  if (code === 11 || code === 21 || code === 22) return code;
  throw new FieldError(`物业类型「${text.trim()}」无法识别，应为 住宅、办公 或 商铺`);
}

/** Comma-separated property types of a community (`11,22` or `住宅、商铺`), as codes. */
export function parsePropTypes(text: string | null | undefined): string | null {
  if (blank(text)) return null;
  const parts = normalizeText(text)
    .split(/[,，、;；/|]/)
    .filter(Boolean);
  const codes = [...new Set(parts.map((p) => parsePropType(p)))].filter((c): c is 11 | 21 | 22 => c !== null).sort((a, b) => a - b);
  return codes.length ? codes.join(',') : null;
}

/**
 * First day of the month of a date: `2024-03`, `2024-03-15`, `2024/3/1`, `202403`, `2024年3月`,
 * `2024.3`. Returns YYYY-MM-01.
 */
export function parseMonth(text: string | null | undefined, label = '日期'): string | null {
  if (blank(text)) return null;
  const t = normalizeText(text.trim().split(/[\sT]/)[0]);
  const match = /^(\d{4})(?:[-/.年](\d{1,2})(?:[-/.月](\d{1,2})日?)?月?|(\d{2})(\d{2})?)$/.exec(t);
  if (!match) throw new FieldError(`${label}「${text.trim()}」无法识别，应如 2024-03 或 2024-03-15`);
  const year = Number(match[1]);
  const month = Number(match[2] ?? match[4]);
  const day = match[3] ?? match[5];
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || (day !== undefined && (Number(day) < 1 || Number(day) > 31))) {
    throw new FieldError(`${label}「${text.trim()}」不是有效日期`);
  }
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** A ratio in percent: `35%`, `35` → 35; a fraction up to 1 (`0.35`) is read as 35 %. */
export function parsePercent(text: string | null | undefined, label: string): number | null {
  if (blank(text)) return null;
  const value = parseNumber(text, label);
  if (value === null) return null;
  const percent = !normalizeText(text).endsWith('%') && value > 0 && value <= 1 ? value * 100 : value;
  if (percent < 0 || percent > 100) throw new FieldError(`${label} ${text.trim()} 不在 0–100% 之间`);
  return Math.round(percent * 100) / 100;
}
