import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BusinessItem,
  CommunityPriceHistory,
  DictLists,
  EvalFieldItem,
  EvalType,
  GpsCommunityList,
  RapidResult,
  RegionItem,
  RegionPinyinGroup,
  RegionTreeNode,
} from '@valuation/contracts';
import { api } from '../../../app/api/client';

/** Reference data that only changes with a deployment or an administrator's edit. */
const REFERENCE = { staleTime: 10 * 60_000, gcTime: 30 * 60_000 } as const;

export const quickvalKeys = {
  pinyin: ['region', 'py'] as const,
  provinces: ['region', 'tree', 2] as const,
  cityFilter: (name: string) => ['region', 'filter', name] as const,
  prices: (city: string, ha: string, propType: number) => ['community', 'price', city, ha, propType] as const,
  nearPoint: (city: string, coord: string) => ['community', 'gpstoha', city, coord] as const,
  dicts: ['dict', 'list'] as const,
  business: ['business', 'list'] as const,
  fields: ['eval-field', 'list'] as const,
};

export function useCityPinyinGroups(enabled: boolean) {
  return useQuery({
    queryKey: quickvalKeys.pinyin,
    queryFn: ({ signal }) => api.get<RegionPinyinGroup[]>('/api/region/py', undefined, { signal }),
    enabled,
    ...REFERENCE,
  });
}

/** Provinces with their cities. */
export function useProvinceTree(enabled: boolean) {
  return useQuery({
    queryKey: quickvalKeys.provinces,
    queryFn: ({ signal }) => api.get<RegionTreeNode[]>('/api/region/tree', { level: 2 }, { signal }),
    enabled,
    ...REFERENCE,
  });
}

/** Cities matching a Chinese name or pinyin (full or initials), best first. */
export function fetchCities(name: string, signal?: AbortSignal): Promise<RegionItem[]> {
  return api.get<RegionItem[]>('/api/region/filter', { name: name.trim() }, { signal, notifyErrors: false });
}

/** Suggestions for the city input; empty input asks nothing. */
export function useCityFilter(name: string) {
  const q = name.trim();
  return useQuery({
    queryKey: quickvalKeys.cityFilter(q),
    queryFn: ({ signal }) => fetchCities(q, signal),
    enabled: q.length > 0,
    ...REFERENCE,
  });
}

/** The city of a browser position (bd09ll is not what browsers give: they give WGS84). */
export function locateCity(lon: number, lat: number): Promise<RegionItem> {
  return api.get<RegionItem>('/api/region/locate', { lng: lon, lat, coordtype: 'wgs84' }, { notifyErrors: false });
}

/** Monthly sale and lease averages of a community, oldest first. */
export function useCommunityPrices(cityCode: string | undefined, haCode: string | undefined, propType: number) {
  return useQuery({
    queryKey: quickvalKeys.prices(cityCode ?? '', haCode ?? '', propType),
    queryFn: ({ signal }) =>
      api.get<CommunityPriceHistory>('/api/community/price', { city: cityCode, ha: haCode, propType }, { signal, notifyErrors: false }),
    enabled: Boolean(cityCode && haCode),
    staleTime: 5 * 60_000,
  });
}

/** Communities within a few hundred metres of a marked point (bd09ll 'lon,lat'). */
export function useCommunitiesNearPoint(cityCode: string | undefined, coord: string | undefined) {
  return useQuery({
    queryKey: quickvalKeys.nearPoint(cityCode ?? '', coord ?? ''),
    queryFn: ({ signal }) => {
      const [lng, lat] = (coord ?? '').split(',');
      return api.get<GpsCommunityList>('/api/community/gpstoha', { city: cityCode, lng, lat }, { signal, notifyErrors: false });
    },
    enabled: Boolean(cityCode && coord),
    staleTime: 5 * 60_000,
  });
}

export function useDictionaries() {
  return useQuery({
    queryKey: quickvalKeys.dicts,
    queryFn: ({ signal }) => api.get<DictLists>('/api/dict/list', undefined, { signal }),
    ...REFERENCE,
  });
}

export function useBusinessTypes() {
  return useQuery({
    queryKey: quickvalKeys.business,
    queryFn: ({ signal }) => api.get<BusinessItem[]>('/api/business/list', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** The configurable fields of the form as they apply to the user's company. */
export function useEvalFields() {
  return useQuery({
    queryKey: quickvalKeys.fields,
    queryFn: ({ signal }) => api.get<EvalFieldItem[]>('/api/eval-field/list', undefined, { signal }),
    staleTime: 60_000,
  });
}

/** POST api/eval/rapid; 402 (no property found) is left to the caller, other errors are toasted. */
export function useRapidValuation() {
  return useMutation({
    mutationFn: ({ evalType, body }: { evalType: EvalType; body: Record<string, unknown> }) =>
      api.post<RapidResult>('/api/eval/rapid', body, { json: true, query: { evalType, mtype: 4, mtypeOn: 0 }, notifyErrors: false }),
  });
}
