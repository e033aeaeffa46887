import { PERMISSIONS } from '@valuation/domain';

const childrenById = new Map<number, number[]>();
for (const p of PERMISSIONS) {
  if (!p.parentId) continue;
  const list = childrenById.get(p.parentId) ?? [];
  list.push(p.id);
  childrenById.set(p.parentId, list);
}

/** Ids under a page permission in the catalogue. */
export function permissionChildren(id: number): readonly number[] {
  return childrenById.get(id) ?? [];
}
