import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvalMethodSetting } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const EVAL_METHOD_URL = { get: '/api/org/tenant/getevalclass', update: '/api/org/tenant/updateevalclass' } as const;

export const evalMethodKeys = { setting: (tenantId: number) => [...sessionKeys.all('tenant'), 'evalclass', tenantId] as const };

export function useEvalMethodSetting(tenantId: number | undefined) {
  return useQuery({
    queryKey: evalMethodKeys.setting(tenantId ?? 0),
    queryFn: ({ signal }) => api.get<EvalMethodSetting>(EVAL_METHOD_URL.get, { tenantId }, { signal }),
    enabled: tenantId !== undefined,
  });
}

export function useSaveEvalMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { tenantId: number; evalFlags: string; evalClass: string }) =>
      api.post<EvalMethodSetting>(EVAL_METHOD_URL.update, v, { json: true }),
    onSuccess: (saved) => queryClient.setQueryData(evalMethodKeys.setting(saved.tenantId), saved),
  });
}
