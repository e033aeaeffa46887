import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ChannelLoginPage } from '../../modules/auth/pages/ChannelLoginPage';
import { LoginPage } from '../../modules/auth/pages/LoginPage';
import { VerifyReportPage } from '../../modules/reports/pages/VerifyReportPage';
import { PortalShell } from '../../modules/shell/components/PortalShell';
import { setApiNavigator } from '../api/client';
import { AppRoot } from '../AppRoot';
import { POPULATIONS, type Area } from '../session/population';
import { CHANNEL_ROUTES } from './channel-routes';
import { NotFoundPage } from './NotFoundPage';
import { ORG_ROUTES } from './org-routes';
import { RequireToken } from './RequireToken';
import { registerRoutes, routesOf } from './route-registry';
import { RoutePage } from './RoutePage';
import { VERIFY_PATH } from '../../modules/reports/model/report-routes';

registerRoutes('org', ORG_ROUTES);
registerRoutes('channel', CHANNEL_ROUTES);

function areaRoute(area: Area): RouteObject {
  const cfg = area === 'org' ? POPULATIONS.user : POPULATIONS.tenant;
  return {
    path: cfg.basePath,
    element: (
      <RequireToken population={cfg.population}>
        <PortalShell population={cfg.population} />
      </RequireToken>
    ),
    children: [
      { index: true, element: <Navigate to={cfg.personalRoute} replace /> },
      ...routesOf(area).map((entry) => ({
        path: entry.path,
        element: <RoutePage area={area} entry={entry} />,
        handle: { routeName: entry.name },
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
      { path: POPULATIONS.user.loginPath, element: <LoginPage />, handle: { routeName: 'Login' } },
      { path: POPULATIONS.tenant.loginPath, element: <ChannelLoginPage />, handle: { routeName: 'channelLogin' } },
      { path: VERIFY_PATH, element: <VerifyReportPage />, handle: { routeName: 'verifyReport' } },
      areaRoute('org'),
      areaRoute('channel'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

setApiNavigator((to) => void router.navigate(to));
