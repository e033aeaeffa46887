import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OperationLogRow, Paged } from '@valuation/contracts';
import type { OperationLogListQuery } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const OPERATION_LOG_URL = '/api/tenant/logs/list';

const operationLogKeys = {
  list: (query: OperationLogListQuery) => [...sessionKeys.all('tenant'), 'operation-log', query] as const,
};

/** One page of the channel's operation log matching the filters (already cleaned). */
export function useOperationLog(query: OperationLogListQuery) {
  return useQuery({
    queryKey: operationLogKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<OperationLogRow>>(OPERATION_LOG_URL, { ...query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
