import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@valuation/contracts';
import type { Population, SiteImageType } from '@valuation/domain';
import { api } from '../../../app/api/client';
import { siteConfigKey } from '../../../app/branding/site-config';

export const SITE_CONFIG_URL: Readonly<Record<Population, { save: string; delete: string }>> = {
  user: { save: '/api/site-config/save', delete: '/api/site-config/delete' },
  tenant: { save: '/api/tenant/site-config/save', delete: '/api/tenant/site-config/delete' },
};

/** Saves the caller's configuration; the answer becomes the branding of the running app at once. */
export function useSaveSiteConfig(population: Population) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, string | number | File>) =>
      api.post<SiteConfig>(SITE_CONFIG_URL[population].save, body, { multipart: true }),
    onSuccess: (saved) => queryClient.setQueryData(siteConfigKey(population), saved),
  });
}

export function useDeleteSiteImage(population: Population) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: SiteImageType) => api.post<SiteConfig>(SITE_CONFIG_URL[population].delete, undefined, { query: { type } }),
    onSuccess: (saved) => queryClient.setQueryData(siteConfigKey(population), saved),
  });
}
