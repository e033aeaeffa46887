import type { CityMatch } from '@valuation/persistence';

/** A city filter as the lists read it: the city the text names (code or name), else the text as a city name. */
export async function cityMatch(
  regions: { resolveCity(text: string): Promise<{ code: string } | null> },
  text: string | undefined,
): Promise<CityMatch | undefined> {
  if (!text) return undefined;
  const city = await regions.resolveCity(text);
  return city ? { code: city.code } : { name: text };
}
