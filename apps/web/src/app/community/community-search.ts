import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CommunityFilterResult } from '@valuation/contracts';
import { api } from '../api/client';
import { isApiError } from '../api/api-error';
import { sessionKeys } from '../session/session-queries';

/** The search starts once the text has more than this many characters. */
export const COMMUNITY_SEARCH_MIN_CHARS = 1;

export const communitySearchKeys = {
  filter: (city: string, name: string) => [...sessionKeys.all('user'), 'community-filter', city, name] as const,
};

/**
 * api/community/filter in bd09ll; null when nothing matches (the API answers 402), which callers
 * word themselves.
 */
export async function filterCommunities(city: string, name: string, signal?: AbortSignal): Promise<CommunityFilterResult | null> {
  try {
    return await api.get<CommunityFilterResult>(
      '/api/community/filter',
      { city, name: name.trim(), coordtype: 'bd09ll' },
      { signal, notifyErrors: false },
    );
  } catch (error) {
    if (isApiError(error) && (error.code === 402 || error.code === 400)) return null;
    throw error;
  }
}

/** Suggestions for a search box in the chosen city. */
export function useCommunitySuggestions(city: string | undefined, name: string) {
  const trimmed = name.trim();
  return useQuery({
    queryKey: communitySearchKeys.filter(city ?? '', trimmed),
    queryFn: ({ signal }) => filterCommunities(city!, trimmed, signal),
    enabled: Boolean(city) && trimmed.length > COMMUNITY_SEARCH_MIN_CHARS,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
