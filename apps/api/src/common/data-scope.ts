import { DATA_RANGE_PERMISSIONS, dataRangeOf, type DataRange, type DataRangePermissions } from '@valuation/domain';
import type { DataScope } from '@valuation/persistence';
import type { Principal } from './principal';

/**
 * Whose rows the caller reads in a list: with the list's data-range permissions, its own rows, its
 * organisation's or its organisation subtree's; or a fixed range ('tenant': every row of its
 * tenant, the channel's view).
 */
export function dataScope(p: Principal, rule: DataRangePermissions | DataRange): DataScope {
  return {
    tenantId: p.tenantId,
    companyId: p.companyId,
    accountId: p.id,
    organizationId: p.organizationId,
    range: typeof rule === 'string' ? rule : dataRangeOf(p.permissions, rule),
  };
}

/** The range of valuation records and of what is filed from them (cases, reports, institution applications). */
export const recordScope = (p: Principal): DataScope => dataScope(p, DATA_RANGE_PERMISSIONS.records);

/**
 * The organisations a caller picks from under a list's data-range rule (a list's organisation
 * filter, a new record's organisation): with the subordinate permission its organisation and those
 * below it, otherwise its own organisation.
 */
export function organisationChoiceScope(p: Principal, rule: DataRangePermissions): DataScope {
  const scope = dataScope(p, rule);
  return scope.range === 'subtree' ? scope : { ...scope, range: 'organization' };
}
