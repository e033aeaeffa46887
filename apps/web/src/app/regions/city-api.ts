import { useQuery } from '@tanstack/react-query';
import type { RegionItem, RegionPinyinGroup, RegionTreeNode } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { api } from '../api/client';

/** Reference data that only changes with a deployment. */
const REFERENCE = { staleTime: 10 * 60_000, gcTime: 30 * 60_000 } as const;

/**
 * The city lookups both back-offices use (api/region/py, tree, filter, locate), each sent with the
 * token of the population whose page asks.
 */
export const cityKeys = {
  pinyin: (population: Population) => ['region', population, 'py'] as const,
  provinces: (population: Population) => ['region', population, 'tree', 2] as const,
  filter: (population: Population, name: string) => ['region', population, 'filter', name] as const,
  opened: () => ['region', 'user', 'opened'] as const,
};

/** The opened cities (已开通) of the user's service scope, city-annual package cities first. */
export function useOpenedCities(enabled = true) {
  return useQuery({
    queryKey: cityKeys.opened(),
    queryFn: ({ signal }) => api.get<RegionItem[]>('/api/region/opened', undefined, { signal, notifyErrors: false, population: 'user' }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Cities grouped by pinyin initial. */
export function useCityPinyinGroups(population: Population, enabled: boolean) {
  return useQuery({
    queryKey: cityKeys.pinyin(population),
    queryFn: ({ signal }) => api.get<RegionPinyinGroup[]>('/api/region/py', undefined, { signal, population }),
    enabled,
    ...REFERENCE,
  });
}

/** Provinces with their cities. */
export function useProvinceTree(population: Population, enabled: boolean) {
  return useQuery({
    queryKey: cityKeys.provinces(population),
    queryFn: ({ signal }) => api.get<RegionTreeNode[]>('/api/region/tree', { level: 2 }, { signal, population }),
    enabled,
    ...REFERENCE,
  });
}

/** Cities matching a Chinese name or pinyin (full or initials), best first. */
export function fetchCities(population: Population, name: string, signal?: AbortSignal): Promise<RegionItem[]> {
  return api.get<RegionItem[]>('/api/region/filter', { name: name.trim() }, { signal, notifyErrors: false, population });
}

/** The query of one city search, for callers that fetch it through the cache. */
export function cityFilterQuery(population: Population, name: string) {
  const q = name.trim();
  return {
    queryKey: cityKeys.filter(population, q),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchCities(population, q, signal),
    ...REFERENCE,
  };
}

/** Suggestions for a city input; empty input asks nothing. */
export function useCityFilter(population: Population, name: string) {
  return useQuery({ ...cityFilterQuery(population, name), enabled: name.trim().length > 0 });
}

/** The city of a browser position (browsers give WGS84, not bd09ll). */
export function locateCity(population: Population, lon: number, lat: number): Promise<RegionItem> {
  return api.get<RegionItem>('/api/region/locate', { lng: lon, lat, coordtype: 'wgs84' }, { notifyErrors: false, population });
}
