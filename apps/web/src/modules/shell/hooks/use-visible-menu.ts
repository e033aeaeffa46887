import type { Population } from '@valuation/domain';
import { useMemo } from 'react';
import { useMatches } from 'react-router-dom';
import { CHANNEL_MENU, ORG_MENU } from '../../../app/navigation/menu-config';
import { filterMenu, menuPathOf, type VisibleMenuEntry } from '../../../app/navigation/menu-filter';
import { permissionChildren } from '../../../app/navigation/permission-children';
import { isRouteRegistered } from '../../../app/routing/route-registry';
import { POPULATIONS } from '../../../app/session/population';
import { useGrantedPermissions } from '../../../app/session/session-queries';

function routeNameOf(handle: unknown): string | undefined {
  if (typeof handle === 'object' && handle !== null && 'routeName' in handle) {
    return typeof handle.routeName === 'string' ? handle.routeName : undefined;
  }
  return undefined;
}

/** The route name of the page being shown (set as `handle.routeName` on each registered route). */
export function useCurrentRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const name = routeNameOf(matches[i].handle);
    if (name) return name;
  }
  return undefined;
}

export interface VisibleMenu {
  entries: VisibleMenuEntry[];
  /** Group and entry names of the highlighted entry. */
  activePath: string[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

export function useVisibleMenu(population: Population): VisibleMenu {
  const { area } = POPULATIONS[population];
  const { granted, isLoading, isError, refetch } = useGrantedPermissions(population);
  const current = useCurrentRouteName();
  const entries = useMemo(
    () =>
      filterMenu(population === 'tenant' ? CHANNEL_MENU : ORG_MENU, {
        granted,
        isRegistered: (name) => isRouteRegistered(area, name),
        permissionChildren,
      }),
    [population, area, granted],
  );
  const activePath = useMemo(() => menuPathOf(entries, current), [entries, current]);
  return { entries, activePath, isLoading, isError, refetch };
}
