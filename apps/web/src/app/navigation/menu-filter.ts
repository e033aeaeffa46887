import type { MenuEntry } from './menu-config';

export interface MenuFilterContext {
  granted: ReadonlySet<number>;
  /** Whether a page is registered under this route name. */
  isRegistered: (routeName: string) => boolean;
  /** Ids of the permissions under a page permission (its actions and data ranges). */
  permissionChildren?: (id: number) => readonly number[];
}

export interface VisibleMenuEntry {
  name: string;
  title: string;
  activeFor: readonly string[];
  children?: VisibleMenuEntry[];
}

/** A permission is held when its id, or the id of any permission under it, is granted. */
export function holdsPermission(id: number, ctx: Pick<MenuFilterContext, 'granted' | 'permissionChildren'>): boolean {
  if (ctx.granted.has(id)) return true;
  return (ctx.permissionChildren?.(id) ?? []).some((child) => ctx.granted.has(child));
}

/**
 * The sidebar the user sees: a page entry needs a registered route and its verify id (or a child's);
 * a group shows when any of its entries shows. Order is kept.
 */
export function filterMenu(entries: readonly MenuEntry[], ctx: MenuFilterContext): VisibleMenuEntry[] {
  const out: VisibleMenuEntry[] = [];
  for (const entry of entries) {
    if (entry.children) {
      const children = filterMenu(entry.children, ctx);
      if (children.length > 0) out.push({ name: entry.name, title: entry.title, activeFor: entry.activeFor ?? [], children });
      continue;
    }
    if (!ctx.isRegistered(entry.name)) continue;
    const allowed = entry.always || (entry.verifyId !== undefined && holdsPermission(entry.verifyId, ctx));
    if (allowed) out.push({ name: entry.name, title: entry.title, activeFor: entry.activeFor ?? [] });
  }
  return out;
}

/** The menu entry (or group) that contains the given route, for highlighting and opening groups. */
export function menuPathOf(entries: readonly VisibleMenuEntry[], routeName: string | undefined): string[] {
  if (!routeName) return [];
  for (const entry of entries) {
    if (entry.children) {
      const inner = menuPathOf(entry.children, routeName);
      if (inner.length) return [entry.name, ...inner];
    } else if (entry.name === routeName || entry.activeFor.includes(routeName)) {
      return [entry.name];
    }
  }
  return [];
}
