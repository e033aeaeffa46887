import { Injectable } from '@nestjs/common';
import { BalanceRepository, RegionRepository, type RegionEntity } from '@valuation/persistence';
import { CommunityQueries, RegionResolver, toWgs84, type CoordType } from '@valuation/core';
import type { RegionItem, RegionPinyinGroup, RegionTreeNode } from '@valuation/contracts';
import { businessToday } from '@valuation/domain';

export const CITY_FILTER_LIMIT = 20;
/** A located point belongs to the city of the nearest community within this distance. */
export const LOCATE_RADIUS_M = 50_000;

interface RegionIndex {
  byCode: Map<string, RegionEntity>;
  children: Map<string, RegionEntity[]>;
  provinces: RegionEntity[];
  cities: RegionEntity[];
  resolver: RegionResolver;
}

const byCode = (a: RegionEntity, b: RegionEntity) => a.code.localeCompare(b.code);

/** Provincial capitals and municipalities (codes ending 0100) come first among equal matches. */
const capitalFirst = (a: RegionEntity, b: RegionEntity) =>
  Number(!a.code.endsWith('0100')) - Number(!b.code.endsWith('0100')) || byCode(a, b);

function cityMatchRank(city: RegionEntity, q: string, latin: boolean): number | null {
  if (latin) {
    if (city.pinyin === q || city.initials === q) return 0;
    if (city.pinyin.startsWith(q)) return 1;
    if (city.initials.startsWith(q)) return 2;
    if (city.pinyin.includes(q)) return 3;
    return null;
  }
  if (city.shortName === q || city.name === q) return 0;
  if (city.shortName.startsWith(q)) return 1;
  if (city.name.includes(q)) return 3;
  return null;
}

/**
 * The GB/T 2260 tree. The table is reference data written only by migrations, so it is read once
 * per process and answered from memory.
 */
@Injectable()
export class RegionService {
  private loaded: Promise<RegionIndex> | null = null;

  constructor(
    private readonly regions: RegionRepository,
    private readonly communities: CommunityQueries,
    private readonly balances: BalanceRepository,
  ) {}

  private index(): Promise<RegionIndex> {
    this.loaded ??= this.load().catch((err: unknown) => {
      this.loaded = null;
      throw err;
    });
    return this.loaded;
  }

  private async load(): Promise<RegionIndex> {
    const rows = await this.regions.all();
    const children = new Map<string, RegionEntity[]>();
    for (const r of rows) {
      if (!r.parentCode) continue;
      const list = children.get(r.parentCode);
      if (list) list.push(r);
      else children.set(r.parentCode, [r]);
    }
    return {
      byCode: new Map(rows.map((r) => [r.code, r])),
      children,
      provinces: rows.filter((r) => r.level === 1),
      cities: rows.filter((r) => r.level === 2),
      resolver: new RegionResolver(rows),
    };
  }

  /** Cities grouped by the first letter of their pinyin, groups and items in pinyin order. */
  async pinyinGroups(): Promise<RegionPinyinGroup[]> {
    const { cities } = await this.index();
    const groups = new Map<string, RegionEntity[]>();
    for (const c of cities) {
      const key = (c.pinyin[0] ?? '#').toUpperCase();
      const list = groups.get(key);
      if (list) list.push(c);
      else groups.set(key, [c]);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pyKey, list]) => ({
        pyKey,
        items: list
          .sort((a, b) => a.pinyin.localeCompare(b.pinyin) || byCode(a, b))
          .map((c) => ({ regionName: c.shortName, regionCode: c.code })),
      }));
  }

  /** Provinces with their cities and districts down to `depth` (1 provinces only, 3 everything). */
  async tree(depth: 1 | 2 | 3): Promise<RegionTreeNode[]> {
    const { provinces, children } = await this.index();
    const node = (r: RegionEntity): RegionTreeNode => ({
      regionCode: r.code,
      regionName: r.name,
      items: r.level < depth ? (children.get(r.code) ?? []).map(node) : [],
    });
    return provinces.map(node);
  }

  /**
   * Cities whose Chinese name, full pinyin or pinyin initials match the input, best first: exact
   * matches, then prefixes of the pinyin, then of the initials, then anywhere.
   */
  async filterCities(input: string): Promise<RegionItem[]> {
    const { cities } = await this.index();
    const compact = input.trim().toLowerCase().replace(/[\s']/g, '').replace(/ü/g, 'v');
    const latin = /^[a-z]+$/.test(compact);
    const q = latin ? compact : input.trim();
    return cities
      .map((city) => ({ city, rank: cityMatchRank(city, q, latin) }))
      .filter((m): m is { city: RegionEntity; rank: number } => m.rank !== null)
      .sort((a, b) => a.rank - b.rank || capitalFirst(a.city, b.city))
      .slice(0, CITY_FILTER_LIMIT)
      .map(({ city }) => ({ regionName: city.shortName, regionCode: city.code }));
  }

  /**
   * The opened cities (已开通) of an account's service scope: the cities of its valid city-annual
   * valuation packages first, then, with a valid nationwide package, every other city that has
   * communities. Cities without communities are left out: nothing can be valued there.
   */
  async openedCities(owner: { accountId: number; tenantId: number }): Promise<RegionItem[]> {
    const [{ byCode }, scope, covered] = await Promise.all([
      this.index(),
      this.balances.valuationScope(owner, businessToday()),
      this.communities.cityCodes(),
    ]);
    const withData = new Set(covered);
    const codes = [...scope.cityCodes.filter((c) => withData.has(c)), ...(scope.nationwide ? covered : [])];
    return [...new Set(codes)]
      .map((code) => byCode.get(code))
      .filter((c): c is RegionEntity => c !== undefined && c.level === 2)
      .map((c) => ({ regionName: c.shortName, regionCode: c.code }));
  }

  /** The city of the community nearest to a point (within LOCATE_RADIUS_M), or null. */
  async locateCity(point: { lat: number; lon: number }, datum: CoordType): Promise<RegionItem | null> {
    const cityCode = await this.communities.cityNear(toWgs84(point, datum), LOCATE_RADIUS_M);
    const city = cityCode ? (await this.index()).byCode.get(cityCode) : undefined;
    return city ? { regionName: city.shortName, regionCode: city.code } : null;
  }

  /**
   * A city from its code (a district code gives its city, a municipality's province code its one
   * city), its name with or without 市, or its pinyin, as RegionResolver reads it; null when there
   * is none.
   */
  async resolveCity(input: string): Promise<RegionEntity | null> {
    const { byCode: codes, resolver } = await this.index();
    const code = resolver.city(input);
    return code ? (codes.get(code) ?? null) : null;
  }

  /** The resolver of city and district texts that the batch worker and the market importers use too. */
  async resolver(): Promise<RegionResolver> {
    return (await this.index()).resolver;
  }

  /** Districts of a city whose code equals the input, or whose name equals or starts with it. */
  async resolveDistricts(cityCode: string, input: string): Promise<string[]> {
    const { children } = await this.index();
    const v = input.trim();
    const districts = (children.get(cityCode) ?? []).filter((d) => d.level === 3);
    const exact = districts.filter((d) => d.code === v || d.name === v);
    return (exact.length ? exact : districts.filter((d) => d.name.startsWith(v))).map((d) => d.code);
  }

  /** A region of any level by its code, or null. */
  async byCode(code: string): Promise<RegionEntity | null> {
    return (await this.index()).byCode.get(code) ?? null;
  }

  async names(codes: Iterable<string | null>): Promise<Map<string, string>> {
    const { byCode: all } = await this.index();
    const out = new Map<string, string>();
    for (const code of codes) {
      const r = code ? all.get(code) : undefined;
      if (r) out.set(r.code, r.name);
    }
    return out;
  }

  /** Names of cities (level 2) by code; codes of other levels or unknown are left out. */
  async cityNames(codes: Iterable<string>): Promise<Map<string, string>> {
    const { byCode: all } = await this.index();
    const out = new Map<string, string>();
    for (const code of codes) {
      const r = all.get(code);
      if (r?.level === 2) out.set(r.code, r.name);
    }
    return out;
  }
}
