import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvalFieldItem } from '@valuation/contracts';
import type { EvalFieldChange } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import { quickvalKeys } from '../../quickval/api/quickval-api';

/** Organisation side (the caller's company) or channel side (the tenant). */
export type FieldSettingsSide = 'user' | 'tenant';

export const FIELD_SETTINGS_URL = {
  user: { list: '/api/eval-field/list', save: '/api/eval-field/save' },
  tenant: { list: '/api/tenant/eval-field/list', save: '/api/tenant/eval-field/save' },
} as const;

export const fieldSettingsKeys = {
  list: (side: FieldSettingsSide) => [...sessionKeys.all(side), 'eval-field-settings'] as const,
};

export function useFieldSettings(side: FieldSettingsSide) {
  return useQuery({
    queryKey: fieldSettingsKeys.list(side),
    queryFn: ({ signal }) => api.get<EvalFieldItem[]>(FIELD_SETTINGS_URL[side].list, undefined, { signal }),
  });
}

/** Saves the choices; the quick valuation form reads the fields again so it follows them at once. */
export function useSaveFieldSettings(side: FieldSettingsSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EvalFieldChange[]) => api.post<EvalFieldItem[]>(FIELD_SETTINGS_URL[side].save, changes, { json: true }),
    onSuccess: (items) => queryClient.setQueryData(fieldSettingsKeys.list(side), items),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldSettingsKeys.list(side) }),
        queryClient.invalidateQueries({ queryKey: quickvalKeys.fields }),
      ]),
  });
}
