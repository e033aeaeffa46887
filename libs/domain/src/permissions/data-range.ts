import { Perm } from './perm';

/**
 * How far a caller's reading reaches in a list: its own rows; its own and those of its
 * organisation; its own and those of its organisation and every organisation below it; or every
 * row of its tenant (the channel's staff).
 */
export type DataRange = 'own' | 'organization' | 'subtree' | 'tenant';

/** The data-range permissions of a list: "own organisation" and "own and subordinate organisations". */
export interface DataRangePermissions {
  organization?: number;
  subordinates?: number;
}

/**
 * The data-range permissions of the customer lists. Valuation records (and the cases, reports and
 * institution applications filed from them) and batch tasks name one permission, the page's own:
 * holding it opens the organisation subtree.
 */
export const DATA_RANGE_PERMISSIONS = {
  records: { subordinates: Perm.valuationRecords },
  batch: { subordinates: Perm.batch },
  statSummary: { organization: 36, subordinates: 37 },
  statItems: { organization: 38, subordinates: 39 },
  organisations: { organization: 44, subordinates: 45 },
  accounts: { organization: 50, subordinates: 51 },
} as const satisfies Record<string, DataRangePermissions>;

/** The range the permissions give: subordinate organisations before the own organisation; without either, own rows only. */
export function dataRangeOf(permissions: ReadonlySet<number>, rule: DataRangePermissions): DataRange {
  if (rule.subordinates !== undefined && permissions.has(rule.subordinates)) return 'subtree';
  if (rule.organization !== undefined && permissions.has(rule.organization)) return 'organization';
  return 'own';
}
