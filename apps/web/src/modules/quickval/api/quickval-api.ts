import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BusinessItem,
  CommunityPriceHistory,
  DictLists,
  EvalFieldItem,
  EvalType,
  GpsCommunityList,
  RapidResult,
} from '@valuation/contracts';
import { api } from '../../../app/api/client';

/** Reference data that only changes with a deployment or an administrator's edit. */
const REFERENCE = { staleTime: 10 * 60_000, gcTime: 30 * 60_000 } as const;

export const quickvalKeys = {
  prices: (city: string, ha: string, propType: number) => ['community', 'price', city, ha, propType] as const,
  nearPoint: (city: string, coord: string) => ['community', 'gpstoha', city, coord] as const,
  dicts: ['dict', 'list'] as const,
  business: ['business', 'list'] as const,
  fields: ['eval-field', 'list'] as const,
};

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
