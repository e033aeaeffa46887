import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@valuation/contracts';
import { SITE_IMAGE_TYPES, type Population, type SiteImageType } from '@valuation/domain';
import { api } from '../api/client';
import { POPULATIONS } from '../session/population';

export const siteConfigKey = (population: Population) => ['site-config', population] as const;

/** Branding of the current host; served without a token. */
export function useSiteConfig(population: Population) {
  return useQuery({
    queryKey: siteConfigKey(population),
    queryFn: ({ signal }) => api.get<SiteConfig>(POPULATIONS[population].endpoints.siteConfig, undefined, { signal, authRedirect: false }),
    staleTime: 5 * 60_000,
  });
}

/** Image URL of the logo or background, with the config version as cache-buster. */
export function siteImageUrl(population: Population, type: SiteImageType, version: string | undefined): string {
  const params = new URLSearchParams({ type: String(type) });
  if (version) params.set('v', version);
  return `${POPULATIONS[population].endpoints.siteImages}?${params.toString()}`;
}

export function logoUrl(population: Population, config: SiteConfig | undefined): string | null {
  return config?.hasLogo ? siteImageUrl(population, SITE_IMAGE_TYPES.logo, config.version) : null;
}

export function backgroundUrl(population: Population, config: SiteConfig | undefined): string | null {
  return config?.hasBackground ? siteImageUrl(population, SITE_IMAGE_TYPES.background, config.version) : null;
}
