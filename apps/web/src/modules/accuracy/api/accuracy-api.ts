import { useQuery } from '@tanstack/react-query';
import type { PublishedAccuracyDto } from '@valuation/contracts';
import { api } from '../../../app/api/client';

/** The engine's published accuracy (public: no login). */
export function usePublishedAccuracy() {
  return useQuery({
    queryKey: ['accuracy'],
    queryFn: ({ signal }) =>
      api.get<PublishedAccuracyDto>('/api/accuracy', undefined, { signal, notifyErrors: false, authRedirect: false }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
