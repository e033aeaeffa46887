import type { ComponentType } from 'react';
import type { QueryParams } from '../api/request-url';
import { appendParams } from '../api/request-url';
import type { Area } from '../session/population';

/** One page of an area, addressed by its spec route name. */
export interface RouteEntry {
  name: string;
  /** Other names the spec uses for the same page (for example qvindex for quickval). */
  aliases?: readonly string[];
  /** Path under the area, in router syntax (`editRole/:id`). */
  path: string;
  title: string;
  /** Permission id needed to open the page (its own id or a child's). */
  permission?: number;
  /**
   * Loads the page: a dynamic import, so each page is a chunk of its own that the router fetches
   * when the route is first opened (the current page stays on screen meanwhile).
   */
  page: () => Promise<ComponentType>;
}

export const AREA_BASE: Readonly<Record<Area, string>> = { org: '/org', channel: '/channel' };

const registry: Record<Area, RouteEntry[]> = { org: [], channel: [] };

/** Adds pages to an area; later entries with an existing name replace the earlier one. */
export function registerRoutes(area: Area, entries: readonly RouteEntry[]): void {
  for (const entry of entries) {
    const list = registry[area];
    const existing = list.findIndex((e) => e.name === entry.name);
    if (existing >= 0) list.splice(existing, 1, entry);
    else list.push(entry);
  }
}

export function routesOf(area: Area): readonly RouteEntry[] {
  return registry[area];
}

export function findRoute(entries: readonly RouteEntry[], name: string): RouteEntry | undefined {
  return entries.find((e) => e.name === name || e.aliases?.includes(name));
}

/** Fills `:param` segments and appends the query; undefined when a required param is missing. */
export function buildHref(
  basePath: string,
  entry: RouteEntry,
  params: Record<string, string | number> = {},
  query?: QueryParams,
): string | undefined {
  let missing = false;
  const path = entry.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (!optional) missing = true;
        return '';
      }
      return encodeURIComponent(String(value));
    })
    .filter(Boolean)
    .join('/');
  if (missing) return undefined;
  const search = appendParams(new URLSearchParams(), query).toString();
  return `${basePath}/${path}${search ? `?${search}` : ''}`;
}

export function isRouteRegistered(area: Area, name: string): boolean {
  return findRoute(registry[area], name) !== undefined;
}

/** The URL of a registered route, or undefined when no page is registered under that name. */
export function routeHref(area: Area, name: string, params?: Record<string, string | number>, query?: QueryParams): string | undefined {
  const entry = findRoute(registry[area], name);
  return entry ? buildHref(AREA_BASE[area], entry, params, query) : undefined;
}
