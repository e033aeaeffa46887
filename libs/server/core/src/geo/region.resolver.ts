import type { EntityManager } from 'typeorm';
import { pinyin } from 'pinyin-pro';

/** Anything that runs SQL: a DataSource, an EntityManager or a QueryRunner. */
export type SqlRunner = Pick<EntityManager, 'query'>;

/** A row of the GB/T 2260 region table: level 1 province, 2 city, 3 district. */
export interface RegionRecord {
  code: string;
  name: string;
  shortName: string;
  level: number;
  parentCode: string | null;
}

/** A city, and a district of it when one was named. */
export interface RegionPlace {
  cityCode: string;
  cityName: string;
  distCode: string | null;
  distName: string | null;
}

/** Administrative suffixes a name may be written without (北京市 → 北京, 东城区 → 东城, 浦东新区 → 浦东). */
const ADMIN_SUFFIX = /(特别行政区|自治州|自治县|自治旗|地区|新区|林区|盟|市|区|區|县|旗)$/;
/** The suffix of a city name (深圳市, 大兴安岭地区); 区 and 县 end the names of districts, not of cities. */
const CITY_SUFFIX = /(特别行政区|自治州|地区|盟|市)$/;
/** Autonomous prefectures and counties are also called by the place before the ethnic groups: 延边朝鲜族自治州 is 延边 or 延边州. */
const AUTONOMOUS =
  /^(.{2,}?)(?:蒙古族?|(?:朝鲜|土家|苗|藏|羌|彝|布依|哈尼|壮|傣|白|景颇|傈僳|回|柯尔克孜|哈萨克|黎|侗|满|畲|瑶|水|仡佬|纳西|拉祜|佤|达斡尔|鄂温克|鄂伦春|锡伯|土|撒拉|裕固|保安|东乡|仫佬|毛南|各)族)+自治(州|县|旗)$/;
/** A GB/T 2260 code, alone or as the 12-digit statistical code of the same division. */
const CODE = /^(\d{6})(?:000|000000)?$/;

/**
 * The names a region is known by, best first: tier 0 its own names (北京市, 北京), tier 1 the
 * name without its suffix (东城), tier 2 the short forms of autonomous divisions (延边, 延边州).
 */
function nameForms(region: RegionRecord): [string, number][] {
  const forms: [string, number][] = [
    [region.name, 0],
    [region.shortName, 0],
    [region.name.replace(ADMIN_SUFFIX, ''), 1],
    [region.shortName.replace(ADMIN_SUFFIX, ''), 1],
  ];
  const autonomous = AUTONOMOUS.exec(region.name);
  if (autonomous) forms.push([autonomous[1], 2], [autonomous[1] + autonomous[2], 2]);
  return forms.filter(([form]) => form.length >= 2);
}

/** Chinese input as the names are written: compatibility forms folded (全角 digits), no spaces. */
function chinese(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

/** Latin input as a pinyin key: lower case, without spaces, apostrophes, hyphens or tone marks; ü as v. */
function latin(text: string): string | null {
  const key = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ü|u:/g, 'v')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s'’\-·.]/g, '');
  return /^[a-z]+$/.test(key) ? key : null;
}

/** Pinyin keys of a Chinese name: with ü written v, and written u as many keyboards do. */
function pinyinKeys(name: string): string[] {
  const key = pinyin(name, { toneType: 'none', type: 'array', v: true }).join('').toLowerCase();
  return /^[a-z]+$/.test(key) ? [...new Set([key, key.replace(/v/g, 'u')])] : [];
}

/** Names to codes, keeping per name only the candidates of the best tier; a name with several is ambiguous. */
class NameIndex {
  private readonly entries = new Map<string, { tier: number; codes: Set<string> }>();

  add(key: string, code: string, tier: number): void {
    const entry = this.entries.get(key);
    if (!entry || tier < entry.tier) this.entries.set(key, { tier, codes: new Set([code]) });
    else if (tier === entry.tier) entry.codes.add(code);
  }

  /** The one code the key names, null when it names none or several. */
  get(key: string): string | null {
    const codes = this.entries.get(key)?.codes;
    return codes?.size === 1 ? codes.values().next().value! : null;
  }
}

/**
 * The one way a city or district written by a person becomes a region of the GB/T 2260 table, for
 * the market importers, the batch upload check and the batch worker alike. A city is accepted
 * by code (110100; a province code of a municipality, 110000; a district code, 110101, which
 * also names the district), by name with or without its suffix (北京市, 北京), after its province
 * (广东省深圳市), and by pinyin in any case, with or without spaces or tone marks (beijing,
 * Bei Jing, Běijīng, beijingshi). A district is accepted the same ways within its city. A name
 * that fits several regions equally well (suzhou: 苏州 and 宿州) resolves to none.
 */
export class RegionResolver {
  private readonly byCode = new Map<string, RegionRecord>();
  private readonly cities = new NameIndex();
  private readonly districts = new NameIndex();
  private readonly provinces: { forms: string[]; code: string }[] = [];
  private pinyinIndex: { cities: NameIndex; districts: NameIndex } | null = null;

  constructor(regions: readonly RegionRecord[]) {
    for (const region of regions) this.byCode.set(region.code, region);
    const provinceForms = new Set<string>();
    for (const region of regions) {
      if (region.level !== 1) continue;
      const forms = nameForms(region)
        .filter(([, tier]) => tier < 2)
        .map(([form]) => form);
      for (const form of forms) provinceForms.add(form);
      this.provinces.push({ forms: [...new Set(forms)].sort((a, b) => b.length - a.length), code: region.code });
    }
    for (const region of regions) {
      for (const [form, tier] of nameForms(region)) {
        if (region.level === 2 && !(tier === 2 && provinceForms.has(form))) this.cities.add(form, region.code, tier);
        if (region.level === 3 && region.parentCode) this.districts.add(`${region.parentCode}|${form}`, region.code, tier);
      }
    }
  }

  static async load(sql: SqlRunner): Promise<RegionResolver> {
    const rows: RegionRecord[] = await sql.query(
      `SELECT code, name, short_name AS "shortName", level, parent_code AS "parentCode" FROM region WHERE level IN (1, 2, 3)`,
    );
    return new RegionResolver(rows);
  }

  /**
   * The city a text names, with the district when the text is a district code; and the district
   * `distText` names within that city, when it names one. Null when the text names no one city.
   */
  place(cityText: string, distText = ''): RegionPlace | null {
    const found = this.findCity(cityText);
    if (!found) return null;
    const named = distText.trim() ? this.district(found.cityCode, distText) : null;
    const distCode = named ?? found.distCode;
    return {
      cityCode: found.cityCode,
      cityName: this.byCode.get(found.cityCode)!.name,
      distCode,
      distName: distCode ? this.byCode.get(distCode)!.name : null,
    };
  }

  /** City code of a city code, name or pinyin; a district code gives its city. */
  city(text: string): string | null {
    return this.findCity(text)?.cityCode ?? null;
  }

  /** District code, within the city, of a district code, name or pinyin. */
  district(cityCode: string, text: string): string | null {
    const t = chinese(text);
    if (!t) return null;
    const code = CODE.exec(t)?.[1];
    if (code) {
      const region = this.byCode.get(code);
      return region?.level === 3 && region.parentCode === cityCode ? region.code : null;
    }
    const key = latin(t);
    if (key) return this.pinyin().districts.get(`${cityCode}|${key}`);
    return this.districts.get(`${cityCode}|${t}`) ?? this.districts.get(`${cityCode}|${t.replace(ADMIN_SUFFIX, '')}`);
  }

  name(code: string): string | null {
    return this.byCode.get(code)?.name ?? null;
  }

  private findCity(text: string): { cityCode: string; distCode: string | null } | null {
    const t = chinese(text);
    if (!t) return null;
    const code = CODE.exec(t)?.[1];
    if (code) return this.cityOfCode(code);
    const key = latin(t);
    if (key) {
      const cityCode = this.pinyin().cities.get(key);
      return cityCode ? { cityCode, distCode: null } : null;
    }
    const cityCode = this.cityByName(t) ?? this.cityAfterProvince(t);
    return cityCode ? { cityCode, distCode: null } : null;
  }

  private cityOfCode(code: string): { cityCode: string; distCode: string | null } | null {
    const region = this.byCode.get(code);
    if (region?.level === 2) return { cityCode: region.code, distCode: null };
    if (region?.level === 3 && region.parentCode && this.byCode.get(region.parentCode)?.level === 2) {
      return { cityCode: region.parentCode, distCode: region.code };
    }
    if (region?.level === 1) {
      const own = this.onlyCityOf(region.code);
      return own ? { cityCode: own, distCode: null } : null;
    }
    return null;
  }

  private cityByName(t: string): string | null {
    return this.cities.get(t) ?? this.cities.get(t.replace(CITY_SUFFIX, ''));
  }

  /** 广东省深圳市, 广东深圳: a city of the province named first. */
  private cityAfterProvince(t: string): string | null {
    for (const province of this.provinces) {
      const prefix = province.forms.find((form) => t.startsWith(form) && t.length > form.length);
      if (!prefix) continue;
      const cityCode = this.cityByName(t.slice(prefix.length));
      if (cityCode && this.byCode.get(cityCode)?.parentCode === province.code) return cityCode;
    }
    return null;
  }

  private onlyCityOf(provinceCode: string): string | null {
    const cities = [...this.byCode.values()].filter((r) => r.level === 2 && r.parentCode === provinceCode);
    return cities.length === 1 ? cities[0].code : null;
  }

  /** Pinyin of every name form, built on the first latin input (a fraction of a second for the whole table). */
  private pinyin(): { cities: NameIndex; districts: NameIndex } {
    if (this.pinyinIndex) return this.pinyinIndex;
    const cities = new NameIndex();
    const districts = new NameIndex();
    for (const region of this.byCode.values()) {
      if (region.level !== 2 && !(region.level === 3 && region.parentCode)) continue;
      for (const [form, tier] of nameForms(region)) {
        for (const key of pinyinKeys(form)) {
          if (region.level === 2) cities.add(key, region.code, tier);
          else districts.add(`${region.parentCode}|${key}`, region.code, tier);
        }
      }
    }
    this.pinyinIndex = { cities, districts };
    return this.pinyinIndex;
  }
}
