import type { Paged } from '@valuation/contracts';
import type { ListResult } from '@valuation/ui';

interface StatListQuery<T> {
  data?: { list: Paged<T> };
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The paged part of a balance answer ({ stat, list }) as the list page reads it; pending until the first answer. */
export function pagedResult<T>(query: StatListQuery<T>): ListResult<T> {
  return {
    data: query.data?.list,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    refetch: query.refetch,
  };
}
