import type { QueryRunner } from 'typeorm';
import { pinyin } from 'pinyin-pro';

type Divisions = Record<string, Record<string, string>>;

export interface RegionRow {
  code: string;
  name: string;
  shortName: string;
  level: 1 | 2 | 3;
  parentCode: string | null;
  pinyin: string;
  initials: string;
}

const MUNICIPALITY_CITY = /^(市辖区|县)$/;
const DIRECTLY_ADMINISTERED = /直辖县级行政区划$/;
const SUFFIXES = ['特别行政区', '维吾尔自治区', '壮族自治区', '回族自治区', '自治区', '省', '市'];

/** 北京市 → 北京, 广西壮族自治区 → 广西, 大理白族自治州 stays (only the common suffixes go). */
export function shortRegionName(name: string): string {
  for (const suffix of SUFFIXES) {
    if (name.endsWith(suffix) && name.length > suffix.length + 1) return name.slice(0, -suffix.length);
  }
  return name;
}

function row(code: string, name: string, level: 1 | 2 | 3, parentCode: string | null): RegionRow {
  const shortName = level === 3 ? name : shortRegionName(name);
  return {
    code,
    name,
    shortName,
    level,
    parentCode,
    pinyin: pinyin(shortName, { toneType: 'none', type: 'array' }).join('').replace(/ü/g, 'v').toLowerCase(),
    initials: pinyin(shortName, { pattern: 'first', toneType: 'none', type: 'array' }).join('').replace(/ü/g, 'v').toLowerCase(),
  };
}

/**
 * The GB/T 2260 tree of the china-area-data package as provinces, cities and districts.
 * Municipalities get one city named after them holding all their districts; county-level cities
 * administered directly by a province become cities of that province.
 */
export function buildRegionRows(data: Divisions): RegionRow[] {
  const rows: RegionRow[] = [];
  for (const [provinceCode, provinceName] of Object.entries(data['86'])) {
    rows.push(row(provinceCode, provinceName, 1, null));
    let municipalCity: string | null = null;
    for (const [cityCode, cityName] of Object.entries(data[provinceCode] ?? {})) {
      if (MUNICIPALITY_CITY.test(cityName)) {
        if (!municipalCity) {
          municipalCity = cityCode;
          rows.push(row(cityCode, provinceName, 2, provinceCode));
        }
        for (const [d, dn] of Object.entries(data[cityCode] ?? {})) rows.push(row(d, dn, 3, municipalCity));
      } else if (DIRECTLY_ADMINISTERED.test(cityName)) {
        for (const [c, cn] of Object.entries(data[cityCode] ?? {})) rows.push(row(c, cn, 2, provinceCode));
      } else {
        rows.push(row(cityCode, cityName, 2, provinceCode));
        for (const [d, dn] of Object.entries(data[cityCode] ?? {})) {
          if (dn !== '市辖区') rows.push(row(d, dn, 3, cityCode));
        }
      }
    }
  }
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.code) && seen.add(r.code));
}

/** Writes the region tree (insert or update by code). */
export async function syncRegions(queryRunner: QueryRunner): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const rows = buildRegionRows(require('china-area-data') as Divisions);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const params: unknown[] = [];
    const values = chunk.map((r, j) => {
      params.push(r.code, r.name, r.shortName, r.level, r.parentCode, r.pinyin, r.initials);
      const b = j * 7;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7})`;
    });
    await queryRunner.query(
      `INSERT INTO region (code, name, short_name, level, parent_code, pinyin, initials) VALUES ${values.join(', ')}
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, short_name = EXCLUDED.short_name, level = EXCLUDED.level,
         parent_code = EXCLUDED.parent_code, pinyin = EXCLUDED.pinyin, initials = EXCLUDED.initials`,
      params,
    );
  }
  return rows.length;
}
