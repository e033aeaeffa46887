import { orgFilterIds, type OrgTreeFilterField } from '@valuation/ui';

/** The URL key of the ticked organisations (the API's parameter name). */
export const ORG_KEY = 'organizationIds';

/**
 * The draft value of a tree with nothing ticked. It is never applied (searching without an
 * organisation is refused first) and the URL would not accept it.
 */
export const NO_ORGS = 'none';

/**
 * The organisations of the balance screens, ticked in the tree beside the list. The default ('')
 * is every organisation of the tree, so the first view lists all the accounts the administrator
 * manages and a fresh link stays short.
 */
export const ORG_FIELD: OrgTreeFilterField = { kind: 'orgTree', key: ORG_KEY, label: '机构' };

/** The ticked organisations a value stands for: every organisation of the tree by default, none, or those listed. */
export function tickedOrgs(value: string | undefined, treeIds: readonly number[]): number[] {
  if (value === NO_ORGS) return [];
  if (!value) return [...treeIds];
  return orgFilterIds(value);
}

/** The value kept for ticked organisations: the default when all are ticked, NO_ORGS when none, else the ids in tree order. */
export function orgValue(ids: readonly number[], treeIds: readonly number[]): string {
  if (ids.length === 0) return NO_ORGS;
  const ticked = new Set(ids);
  if (treeIds.length > 0 && treeIds.every((id) => ticked.has(id))) return '';
  const inTree = treeIds.filter((id) => ticked.has(id));
  return (inTree.length > 0 ? inTree : [...ticked]).join(',');
}
