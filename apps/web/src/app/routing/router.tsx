import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ACCURACY_PATH } from '@valuation/domain';
import { VERIFY_PATH } from '../../modules/reports/model/report-routes';
import { setApiNavigator } from '../api/client';
import { AppRoot } from '../AppRoot';
import { POPULATIONS, type Area } from '../session/population';
import { CHANNEL_ROUTES } from './channel-routes';
import { NotFoundPage } from './NotFoundPage';
import { ORG_ROUTES } from './org-routes';
import { PageLoader } from './PageLoader';
import { registerRoutes, routesOf } from './route-registry';

registerRoutes('org', ORG_ROUTES);
registerRoutes('channel', CHANNEL_ROUTES);

/*
 * Every page is a chunk of its own, fetched when its route is first opened: a navigation keeps the
 * current page on screen until the chunk has arrived (NavigationProgress shows a long wait), and
 * the first page of a visit shows the page loader, which appears only if the wait is noticeable.
 * The entry chunk holds the router, the API client and the theme, and no page but the 404.
 */
function lazyRoute(route: RouteObject, load: () => Promise<ComponentType>): RouteObject {
  return {
    ...route,
    hydrateFallbackElement: <PageLoader />,
    lazy: async () => ({ Component: await load() }),
  };
}

function areaRoute(area: Area): RouteObject {
  const cfg = area === 'org' ? POPULATIONS.user : POPULATIONS.tenant;
  return {
    path: cfg.basePath,
    hydrateFallbackElement: <PageLoader />,
    lazy: async () => {
      const { AreaLayout } = await import('./AreaLayout');
      return { element: <AreaLayout population={cfg.population} /> };
    },
    children: [
      { index: true, element: <Navigate to={cfg.personalRoute} replace /> },
      ...routesOf(area).map((entry): RouteObject => ({
        path: entry.path,
        handle: { routeName: entry.name },
        hydrateFallbackElement: <PageLoader />,
        lazy: async () => {
          const [{ RoutePage }, page] = await Promise.all([import('./RoutePage'), entry.page()]);
          return { element: <RoutePage area={area} entry={entry} page={page} /> };
        },
      })),
      { path: '*', element: <NotFoundPage home={cfg.basePath} /> },
    ],
  };
}

export const router = createBrowserRouter([
  {
    element: <AppRoot />,
    children: [
      { index: true, element: <Navigate to={POPULATIONS.user.basePath} replace /> },
      lazyRoute({ path: POPULATIONS.user.loginPath, handle: { routeName: 'Login' } }, () =>
        import('../../modules/auth/pages/LoginPage').then((m) => m.LoginPage),
      ),
      lazyRoute({ path: POPULATIONS.tenant.loginPath, handle: { routeName: 'channelLogin' } }, () =>
        import('../../modules/auth/pages/ChannelLoginPage').then((m) => m.ChannelLoginPage),
      ),
      lazyRoute({ path: VERIFY_PATH, handle: { routeName: 'verifyReport' } }, () =>
        import('../../modules/reports/pages/VerifyReportPage').then((m) => m.VerifyReportPage),
      ),
      lazyRoute({ path: ACCURACY_PATH, handle: { routeName: 'accuracy' } }, () =>
        import('../../modules/accuracy/pages/AccuracyPage').then((m) => m.AccuracyPage),
      ),
      areaRoute('org'),
      areaRoute('channel'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

setApiNavigator((to) => void router.navigate(to));
