import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotifyDeliveryView,
  NotifyResendResult,
  NotifySettingsSaved,
  NotifySettingsView,
  NotifyTestResult,
  Paged,
} from '@valuation/contracts';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../../app/session/session-queries';
import type { NotifyDeliveryFilters } from '../model/notify-delivery-list';

export const NOTIFY_SETTINGS_URL = {
  get: '/api/organization/notify-settings',
  save: '/api/organization/notify-settings',
  test: '/api/organization/notify-settings/test',
  deliveries: '/api/notify/deliveries',
  resend: '/api/notify/deliveries/resend',
} as const;

/** The delivery log asks again this often while one of its rows is still being delivered. */
export const NOTIFY_DELIVERY_POLL_MS = 3000;

export interface NotifyDeliveriesQuery extends NotifyDeliveryFilters {
  pageIndex: number;
  pageSize: number;
}

export const notifySettingsKeys = {
  setting: (organizationId: number) => [...sessionKeys.all('user'), 'notify-settings', organizationId] as const,
  deliveries: () => [...sessionKeys.all('user'), 'notify-deliveries'] as const,
  deliveryPage: (q: NotifyDeliveriesQuery) => [...notifySettingsKeys.deliveries(), q] as const,
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

/** One page of the delivery log; polled while a row on it is waiting or being retried. */
export function useNotifyDeliveries(query: NotifyDeliveriesQuery) {
  return useQuery({
    queryKey: notifySettingsKeys.deliveryPage(query),
    queryFn: ({ signal }) => api.get<Paged<NotifyDeliveryView>>(NOTIFY_SETTINGS_URL.deliveries, { ...query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => r.status === 'pending' || r.status === 'queued') ? NOTIFY_DELIVERY_POLL_MS : false,
  });
}

/** Sends a delivered or failed webhook notification again as a new row, then reloads the log. */
export function useResendNotify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<NotifyResendResult>(NOTIFY_SETTINGS_URL.resend, { id }, { json: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifySettingsKeys.deliveries() }),
  });
}
