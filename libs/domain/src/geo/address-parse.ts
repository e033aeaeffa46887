/** A district an address may name, by its code and full name (海淀区). */
export interface AddressDistrict {
  code: string;
  name: string;
}

/** The administrative names of one city that a typed address may start with. */
export interface AddressPlaces {
  /** Province and city names, full and short (北京市, 北京; 广东省, 广东, 深圳市, 深圳). */
  cities: readonly string[];
  /** The districts of the city; each is also recognised without its suffix (海淀). */
  districts: readonly AddressDistrict[];
}

export interface ParsedAddress {
  /** The whole input, normalised. */
  text: string;
  /** The input without the province, city and district it starts with. */
  rest: string;
  district: AddressDistrict | null;
  /** The road the address is on (紫竹院路, 东直门内大街), when it names one. */
  street: string | null;
  /** The house number on the road (191 of 甲191号), when given. */
  houseNo: number | null;
  /** The number as an address writes it: 191号, 甲2号. */
  houseNoText: string | null;
  /** What follows the house number (3号楼2单元), or the whole rest when no road was found. */
  name: string;
}

const ROAD_SUFFIX = '(?:大街|大道|胡同|路|街|道|巷|弄)';
/** A road, an optional 甲/乙 prefix, the number, an optional sub-number (12-3), the 号 words, then the rest. */
const ROAD_WITH_NUMBER = new RegExp(`^(.+?${ROAD_SUFFIX})([甲乙丙丁])?(\\d{1,5})(?:[-－—之](\\d{1,4}))?(号院|号楼|号)?(.*)$`);
const ROAD_ONLY = new RegExp(`^(.+${ROAD_SUFFIX})$`);
/** A road name is never longer than this; a longer match holds something else before the road. */
const MAX_ROAD_LENGTH = 20;
/**
 * What follows a place name when the name is the start of a road or gate rather than a prefix:
 * 朝阳北路 and 朝阳门 are not 朝阳区 followed by 北路 or 门.
 */
const ROAD_CONTINUATION = new RegExp(`^[东南西北中内外前后]{0,2}(?:${ROAD_SUFFIX}|门|桥)`);
const DISTRICT_SUFFIX = /(自治县|新区|区|县|市|旗)$/;
/** Separators and brackets people type inside addresses; they carry no meaning for the lookup. */
const PUNCTUATION = /[\s,，、。.;；:："'“”‘’()（）[\]【】<>《》#＃·]/g;

/** Full-width digits and letters folded to ASCII (NFKC), 號 written 号, spaces and punctuation removed. */
export function normaliseAddress(input: string): string {
  return input.normalize('NFKC').replace(/號/g, '号').replace(PUNCTUATION, '');
}

/** The text after `form` when it starts with it; a short form followed by a road word does not count. */
function after(text: string, form: string, short: boolean): string | null {
  if (form.length < 2 || !text.startsWith(form)) return null;
  const rest = text.slice(form.length);
  return short && ROAD_CONTINUATION.test(rest) ? null : rest;
}

function stripCities(text: string, cities: readonly string[]): string {
  const forms = [...new Set(cities)].sort((a, b) => b.length - a.length);
  let rest = text;
  for (let changed = true; changed;) {
    changed = false;
    for (const form of forms) {
      const next = after(rest, form, !/(省|市|自治区|特别行政区)$/.test(form));
      if (next !== null) {
        rest = next;
        changed = true;
        break;
      }
    }
  }
  return rest;
}

function stripDistrict(text: string, districts: readonly AddressDistrict[]): { rest: string; district: AddressDistrict | null } {
  const forms = districts
    .flatMap((d) => {
      const short = d.name.replace(DISTRICT_SUFFIX, '');
      return short === d.name
        ? [{ d, form: d.name, short: false }]
        : [
            { d, form: d.name, short: false },
            { d, form: short, short: true },
          ];
    })
    .sort((a, b) => b.form.length - a.form.length);
  for (const { d, form, short } of forms) {
    const rest = after(text, form, short);
    if (rest !== null) return { rest, district: d };
  }
  return { rest: text, district: null };
}

/**
 * Splits a typed address into the district it names, the road, the house number and what is
 * left: 北京市海淀区紫竹院路甲191号3号楼 gives district 海淀区, road 紫竹院路, number 191 (甲191号)
 * and the name 3号楼. Province and city names are dropped; text without a road is kept whole as a
 * name (a community, a landmark, a business area).
 */
export function parseAddress(input: string, places: AddressPlaces): ParsedAddress {
  const text = normaliseAddress(input);
  const { rest, district } = stripDistrict(stripCities(text, places.cities), places.districts);
  const base = { text, rest, district };

  const numbered = ROAD_WITH_NUMBER.exec(rest);
  if (numbered && numbered[1].length <= MAX_ROAD_LENGTH) {
    const [, street, prefix = '', digits, , , tail] = numbered;
    const houseNo = Number(digits);
    return { ...base, street, houseNo, houseNoText: `${prefix}${houseNo}号`, name: tail };
  }
  const road = ROAD_ONLY.exec(rest);
  if (road && road[1].length <= MAX_ROAD_LENGTH) return { ...base, street: road[1], houseNo: null, houseNoText: null, name: '' };
  return { ...base, street: null, houseNo: null, houseNoText: null, name: rest };
}

/**
 * The road names `street` may stand for, longest first: itself and each shorter tail that is still
 * a road (北京紫竹院路 → 北京紫竹院路, 京紫竹院路, 紫竹院路, 竹院路), for an address that starts with
 * a place the parser did not know.
 */
export function streetCandidates(street: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < street.length; i++) {
    const tail = street.slice(i);
    if (ROAD_ONLY.test(tail) && tail.length >= 2 && !new RegExp(`^${ROAD_SUFFIX}$`).test(tail)) out.push(tail);
  }
  return out;
}
