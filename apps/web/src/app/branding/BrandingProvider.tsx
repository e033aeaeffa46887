import { MantineProvider } from '@mantine/core';
import { THEME_PRESETS } from '@valuation/domain';
import { createAppTheme } from '@valuation/ui';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { populationOfPath } from '../session/population';
import { BrandingContext, type Branding } from './branding-context';
import { backgroundUrl, logoUrl, useSiteConfig } from './site-config';

const FALLBACK_COLOR = THEME_PRESETS[0];

/*
 * The toasts' component (transitions, portal, scroll locking) is not needed to draw the first page,
 * so it loads right after it; toasts shown before it arrives wait in the notifications store.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/**
 * Applies the site config of the population whose pages are shown (channel pages use the tenant
 * config): theme colour, product name, logo and background. The back-office kit's providers sit in
 * the areas' layout (AreaLayout), so the login pages do not load them.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const population = populationOfPath(pathname);
  const query = useSiteConfig(population);
  const config = query.data;
  const theme = useMemo(() => createAppTheme(config?.themeColor, FALLBACK_COLOR), [config?.themeColor]);

  const branding = useMemo<Branding>(
    () => ({
      population,
      config,
      isLoading: query.isLoading,
      productName: config?.productName ?? '',
      logoUrl: logoUrl(population, config),
      backgroundUrl: backgroundUrl(population, config),
    }),
    [population, config, query.isLoading],
  );

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications position="top-center" autoClose={2000} zIndex={1000} />
      </Suspense>
      <BrandingContext.Provider value={branding}>{children}</BrandingContext.Provider>
    </MantineProvider>
  );
}
