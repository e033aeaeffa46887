import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifySettingsSaved, NotifySettingsView, NotifyTestResult } from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';

export const NOTIFY_SETTINGS_URL = {
  get: '/api/organization/notify-settings',
  save: '/api/organization/notify-settings',
  test: '/api/organization/notify-settings/test',
} as const;

export const notifySettingsKeys = {
  setting: (organizationId: number) => [...sessionKeys.all('user'), 'notify-settings', organizationId] as const,
};

export function useNotifySettings(organizationId: number | null) {
  return useQuery({
    queryKey: notifySettingsKeys.setting(organizationId ?? 0),
    queryFn: ({ signal }) => api.get<NotifySettingsView>(NOTIFY_SETTINGS_URL.get, { organizationId: organizationId! }, { signal }),
    enabled: organizationId !== null,
  });
}

export function useSaveNotifySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { organizationId: number; webhookUrl: string; regenerateSecret: boolean }) =>
      api.post<NotifySettingsSaved>(NOTIFY_SETTINGS_URL.save, v, { json: true, notifyErrors: false }),
    onSuccess: (saved) => queryClient.setQueryData(notifySettingsKeys.setting(saved.organizationId), saved),
  });
}

/** Sends the signed test event; the answer says whether the webhook took it. */
export function useTestNotify() {
  return useMutation({
    mutationFn: (organizationId: number) =>
      api.post<NotifyTestResult>(NOTIFY_SETTINGS_URL.test, { organizationId }, { json: true, notifyErrors: false }),
  });
}
