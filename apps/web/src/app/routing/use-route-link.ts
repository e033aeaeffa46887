import { useCallback } from 'react';
import type { QueryParams } from '../api/request-url';
import { holdsPermission } from '../navigation/menu-filter';
import { AREA_POPULATION, type Area } from '../session/population';
import { useGrantedPermissions } from '../session/session-queries';
import { permissionChildren } from '../navigation/permission-children';
import { AREA_BASE, buildHref, findRoute, routesOf } from './route-registry';

/**
 * Links to other pages of an area: undefined when the page is not registered or the user lacks its
 * permission, so callers render plain text instead of a dead link.
 */
export function useRouteLink(area: Area) {
  const { granted } = useGrantedPermissions(AREA_POPULATION[area]);
  return useCallback(
    (name: string, query?: QueryParams, params?: Record<string, string | number>): string | undefined => {
      const entry = findRoute(routesOf(area), name);
      if (!entry) return undefined;
      if (entry.permission !== undefined && !holdsPermission(entry.permission, { granted, permissionChildren })) return undefined;
      return buildHref(AREA_BASE[area], entry, params, query);
    },
    [area, granted],
  );
}
