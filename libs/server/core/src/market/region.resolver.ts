import type { EntityManager } from 'typeorm';

/** Anything that runs SQL: a DataSource, an EntityManager or a QueryRunner. */
export type SqlRunner = Pick<EntityManager, 'query'>;

interface RegionRecord {
  code: string;
  name: string;
  shortName: string;
  level: number;
  parentCode: string | null;
}

const ADMIN_SUFFIX = /(新区|自治县|区|县|市)$/;

/** Keys a region may be named by: its name, its short name, its name without the suffix. */
function keysOf(region: RegionRecord): string[] {
  return [
    ...new Set([region.name, region.shortName, region.name.replace(ADMIN_SUFFIX, ''), region.shortName.replace(ADMIN_SUFFIX, '')]),
  ].filter((key) => key.length > 0);
}

/**
 * Resolves city and district names or codes of import files to region codes of the GB/T 2260
 * table: 北京, 北京市, 110100 and 110000 all name the city 110100; 东城, 东城区 and 110101 name
 * its district 110101.
 */
export class RegionResolver {
  private readonly byCode = new Map<string, RegionRecord>();
  private readonly cityByName = new Map<string, string>();
  private readonly districtByName = new Map<string, string>();

  constructor(regions: readonly RegionRecord[]) {
    for (const region of regions) this.byCode.set(region.code, region);
    for (const region of regions) {
      if (region.level === 2) for (const key of keysOf(region)) if (!this.cityByName.has(key)) this.cityByName.set(key, region.code);
      if (region.level === 3 && region.parentCode) {
        for (const key of keysOf(region)) {
          const k = `${region.parentCode}|${key}`;
          if (!this.districtByName.has(k)) this.districtByName.set(k, region.code);
        }
      }
    }
  }

  static async load(sql: SqlRunner): Promise<RegionResolver> {
    const rows: RegionRecord[] = await sql.query(
      `SELECT code, name, short_name AS "shortName", level, parent_code AS "parentCode" FROM region WHERE level IN (1, 2, 3)`,
    );
    return new RegionResolver(rows);
  }

  /** City code of a city code or name; a municipality's province code or name gives its one city. */
  city(text: string): string | null {
    const t = text.trim();
    if (!t) return null;
    const region = this.byCode.get(t);
    if (region?.level === 2) return region.code;
    if (region?.level === 1) return this.onlyCityOf(region.code);
    const byName = this.cityByName.get(t) ?? this.cityByName.get(t.replace(ADMIN_SUFFIX, ''));
    return byName ?? null;
  }

  /** District code, within the city, of a district code or name. */
  district(cityCode: string, text: string): string | null {
    const t = text.trim();
    if (!t) return null;
    const region = this.byCode.get(t);
    if (region) return region.level === 3 && region.parentCode === cityCode ? region.code : null;
    return this.districtByName.get(`${cityCode}|${t}`) ?? this.districtByName.get(`${cityCode}|${t.replace(ADMIN_SUFFIX, '')}`) ?? null;
  }

  name(code: string): string | null {
    return this.byCode.get(code)?.name ?? null;
  }

  private onlyCityOf(provinceCode: string): string | null {
    const cities = [...this.byCode.values()].filter((r) => r.level === 2 && r.parentCode === provinceCode);
    return cities.length === 1 ? cities[0].code : null;
  }
}
