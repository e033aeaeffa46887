import type { RegionItem } from '@valuation/contracts';

/** How many common cities are kept. */
export const COMMON_CITY_LIMIT = 10;

/** The list after choosing a city: most recent first, an earlier entry moved to the front, at most 10. */
export function pushCommonCity(list: readonly RegionItem[], city: RegionItem): RegionItem[] {
  return [city, ...list.filter((c) => c.regionCode !== city.regionCode)].slice(0, COMMON_CITY_LIMIT);
}

/** Reads the stored list, dropping anything that is not a city entry. */
export function parseCommonCities(raw: string | null): RegionItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (c): c is RegionItem => typeof c?.regionName === 'string' && typeof c?.regionCode === 'string' && /^\d{6}$/.test(c.regionCode),
      )
      .slice(0, COMMON_CITY_LIMIT);
  } catch {
    return [];
  }
}
