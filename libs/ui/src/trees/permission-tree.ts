/** A page of the role editor with its actions and data ranges (the catalogue's two levels). */
export interface PermissionGroup {
  id: number;
  name: string;
  children: readonly { id: number; name: string }[];
}

/**
 * The checked ids after the user ticks (`on`) or unticks a box, by the spec's rules: a page
 * checks or unchecks all its children with it; checking a child checks its page; unchecking the
 * last checked child of a page unchecks the page.
 */
export function togglePermission(groups: readonly PermissionGroup[], checked: Iterable<number>, id: number, on: boolean): number[] {
  const next = new Set(checked);
  const page = groups.find((g) => g.id === id);
  if (page) {
    for (const pid of [page.id, ...page.children.map((c) => c.id)]) {
      if (on) next.add(pid);
      else next.delete(pid);
    }
    return [...next];
  }
  const parent = groups.find((g) => g.children.some((c) => c.id === id));
  if (on) {
    next.add(id);
    if (parent) next.add(parent.id);
  } else {
    next.delete(id);
    if (parent && !parent.children.some((c) => next.has(c.id))) next.delete(parent.id);
  }
  return [...next];
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** How a page's box shows: checked with all its children, indeterminate with some. */
export function pageCheckState(group: PermissionGroup, checked: ReadonlySet<number>): CheckState {
  if (group.children.length === 0) return checked.has(group.id) ? 'checked' : 'unchecked';
  const count = group.children.filter((c) => checked.has(c.id)).length;
  if (count === group.children.length) return 'checked';
  return count > 0 || checked.has(group.id) ? 'indeterminate' : 'unchecked';
}

/** The ids of every box (to select all). */
export function allPermissionIds(groups: readonly PermissionGroup[]): number[] {
  return groups.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]);
}
