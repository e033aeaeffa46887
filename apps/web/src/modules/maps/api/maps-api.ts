import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GpsCommunityList, NearbyCommunityList } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import type { LonLat } from '../../../app/map/coord-convert';
import { sessionKeys } from '../../../app/session/session-queries';
import { NEARBY_LIMIT, NEARBY_RADIUS_M } from '../lib/map-constants';

/** All calls send and receive bd09ll, the API's default datum. */
const COORD_TYPE = 'bd09ll';

export const mapsKeys = {
  all: () => [...sessionKeys.all('user'), 'maps'] as const,
  nearby: (city: string, propType: number, at: LonLat | null) => [...mapsKeys.all(), 'nearby', city, propType, at?.lon, at?.lat] as const,
};

/** Communities around a point, nearest first (limit 20, 500 m). */
export function useNearbyCommunities(city: string | undefined, propType: number, at: LonLat | null) {
  return useQuery({
    queryKey: mapsKeys.nearby(city ?? '', propType, at),
    queryFn: ({ signal }) =>
      api.get<NearbyCommunityList>(
        '/api/community/list',
        { city: city!, propType, lon: at!.lon, lat: at!.lat, limit: NEARBY_LIMIT, distance: NEARBY_RADIUS_M, coordtype: COORD_TYPE },
        { signal },
      ),
    enabled: Boolean(city) && at !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Communities at a point (nearest first); an empty list when the call fails. */
export async function communitiesAtPoint(city: string, at: LonLat): Promise<GpsCommunityList['items']> {
  try {
    const result = await api.get<GpsCommunityList>(
      '/api/community/gpstoha',
      { city, lng: at.lon, lat: at.lat, coordtype: COORD_TYPE },
      { notifyErrors: false },
    );
    return result.items;
  } catch {
    return [];
  }
}
