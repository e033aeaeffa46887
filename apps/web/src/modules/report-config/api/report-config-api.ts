import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportConfig } from '@valuation/contracts';
import type { ReportConfigType, ReportImageKind } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { ApiError } from '../../../app/api/api-error';
import { buildRequestUrl, bearerToken } from '../../../app/api/request-url';
import { sessionKeys } from '../../../app/session/session-queries';
import { readToken, writeToken } from '../../../app/session/token-cookies';
import { pickedKinds, saveBody, type ReportConfigSave } from '../model/report-config-form';

export const REPORT_CONFIG_URL = {
  get: '/api/tenant/report-config/get',
  add: '/api/tenant/report-config/add',
  update: '/api/tenant/report-config/update',
  images: '/api/tenant/report-config/images',
  deleteImage: '/api/tenant/report-config/images/delete',
} as const;

export const reportConfigKeys = {
  all: () => [...sessionKeys.all('tenant'), 'report-config'] as const,
  config: (reportType: ReportConfigType) => [...reportConfigKeys.all(), 'config', reportType] as const,
  images: (reportType: ReportConfigType) => [...reportConfigKeys.all(), 'image', reportType] as const,
  image: (reportType: ReportConfigType, imageType: ReportImageKind) => [...reportConfigKeys.images(reportType), imageType] as const,
};

/** The channel's configuration of one report type (the defaults, id null, until it is saved). */
export function useReportConfig(reportType: ReportConfigType) {
  return useQuery({
    queryKey: reportConfigKeys.config(reportType),
    queryFn: ({ signal }) => api.get<ReportConfig>(REPORT_CONFIG_URL.get, { reportType }, { signal }),
    /* The form is built from this answer; a background refetch must not replace what is being typed. */
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The bytes of a stored image, fetched with the tenant token (an <img> cannot send it). */
async function fetchImage(reportType: ReportConfigType, imageType: ReportImageKind, signal: AbortSignal): Promise<Blob> {
  const token = readToken('tenant');
  const response = await fetch(buildRequestUrl(REPORT_CONFIG_URL.images, { reportType, imageType }, Date.now()), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    signal,
  });
  const refreshed = bearerToken(response.headers.get('Authorization'));
  if (refreshed && token) writeToken('tenant', refreshed);
  if (!response.ok) throw new ApiError('response', response.status, response.statusText);
  return response.blob();
}

/** Query options of a stored image; its bytes change only through this page, which updates the cache itself. */
export function reportImageQuery(reportType: ReportConfigType, imageType: ReportImageKind) {
  return queryOptions({
    queryKey: reportConfigKeys.image(reportType, imageType),
    queryFn: ({ signal }) => fetchImage(reportType, imageType, signal),
    staleTime: Infinity,
    retry: 1,
  });
}

/** add while the type has no configuration yet, update afterwards; the answer replaces the cached configuration. */
export function useSaveReportConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ReportConfigSave) =>
      api.post<ReportConfig>(save.id === null ? REPORT_CONFIG_URL.add : REPORT_CONFIG_URL.update, saveBody(save), { multipart: true }),
    onSuccess: (saved, save) => {
      queryClient.setQueryData(reportConfigKeys.config(saved.reportType), saved);
      /* The stored image is now the picked file itself. */
      for (const imageType of pickedKinds(save.files))
        queryClient.setQueryData<Blob>(reportConfigKeys.image(saved.reportType, imageType), save.files[imageType]);
    },
  });
}

export function useDeleteReportImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { reportType: ReportConfigType; imageType: ReportImageKind }) =>
      api.post<ReportConfig>(REPORT_CONFIG_URL.deleteImage, { ...v }),
    onSuccess: (saved, v) => {
      queryClient.setQueryData(reportConfigKeys.config(saved.reportType), saved);
      queryClient.removeQueries({ queryKey: reportConfigKeys.image(v.reportType, v.imageType) });
    },
  });
}
