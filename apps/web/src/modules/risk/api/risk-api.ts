import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, RiskCoefficientView } from '@valuation/contracts';
import type { RiskListQuery } from '@valuation/domain';
import { api } from '../../../app/api/client';
import type { RiskRequest } from '../model/risk-form';

export const RISK_URL = {
  list: '/api/risk/list',
  get: '/api/risk/get',
  add: '/api/risk/add',
  update: '/api/risk/update',
  delete: '/api/risk/del',
} as const;

const riskKeys = {
  all: () => ['risk'] as const,
  list: (query: Partial<RiskListQuery>) => [...riskKeys.all(), 'list', query] as const,
};

/** One page of the company's risk coefficients matching the filters (already cleaned); nothing while `enabled` is false. */
export function useRiskPage(query: Partial<RiskListQuery>, enabled = true) {
  return useQuery({
    queryKey: riskKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<RiskCoefficientView>>(RISK_URL.list, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The coefficient of exactly the region, or null (asked before saving). */
export const fetchRiskAtRegion = (region: Pick<RiskRequest, 'provinceCode' | 'cityCode' | 'distCode'>) =>
  api.get<RiskCoefficientView | null>(RISK_URL.get, { ...region }, { notifyErrors: false });

function useRiskMutation<V, R>(send: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: riskKeys.all() }),
  });
}

/** Add and edit failures are shown in the dialog, not by the client. */
export const useAddRisk = () =>
  useRiskMutation((v: RiskRequest) => api.post<RiskCoefficientView>(RISK_URL.add, { ...v }, { notifyErrors: false }));

export const useEditRisk = () =>
  useRiskMutation((v: RiskRequest & { id: number }) => api.post<RiskCoefficientView>(RISK_URL.update, { ...v }, { notifyErrors: false }));

export const useDeleteRisk = () => useRiskMutation((id: number) => api.post<null>(RISK_URL.delete, { id }));
