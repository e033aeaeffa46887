import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { DataRange } from '@valuation/domain';

/** Whose rows a caller reads: its tenant, company, account and organisation, and how far its range reaches. */
export interface DataScope {
  tenantId: number;
  /** The caller's customer company; null for the channel's staff, who read by tenant only. */
  companyId: number | null;
  accountId: number;
  organizationId: number | null;
  range: DataRange;
}

/** The properties of a row that the range reads; `account` null when rows have no owner account. */
export interface DataRangeColumns {
  tenant: string;
  company: string | null;
  account: string | null;
  organization: string;
}

/** Rows filed by an account of an organisation (records, cases, tasks, applications). */
export const OWNED_ROW_COLUMNS: DataRangeColumns = {
  tenant: 'tenantId',
  company: 'companyId',
  account: 'accountId',
  organization: 'organizationId',
};

/** Accounts: an account's own row is itself. */
export const ACCOUNT_ROW_COLUMNS: DataRangeColumns = {
  tenant: 'tenantId',
  company: 'companyId',
  account: 'id',
  organization: 'organizationId',
};

/** Organisations: no own rows, the organisation is the row itself. */
export const ORGANIZATION_ROW_COLUMNS: DataRangeColumns = { tenant: 'tenantId', company: 'companyId', account: null, organization: 'id' };

/** Organisations: the range reaches the organisation's rows by the row's own organisation. */
export const ORGANIZATION_OWNED_ROW_COLUMNS: DataRangeColumns = {
  tenant: 'tenantId',
  company: 'companyId',
  account: null,
  organization: 'organizationId',
};

/**
 * The organisations a range reaches beyond the caller's own rows, as a condition on `column`
 * (parameters named after `prefix`): the caller's organisation, or it and every organisation below
 * it by the organisations' materialised paths; null when the range holds own rows only or the
 * whole tenant.
 */
export function rangeOrganizations(column: string, scope: DataScope, prefix: string): { sql: string; params: ObjectLiteral } | null {
  const param = (name: string) => `${prefix}_range_${name}`;
  switch (scope.range) {
    case 'organization':
      return { sql: `${column} = :${param('organization')}`, params: { [param('organization')]: scope.organizationId } };
    case 'subtree':
      return {
        sql: `${column} IN (
           SELECT sub.id FROM organization sub
            WHERE sub.tenant_id = :${param('tenant')}
              AND sub.path LIKE (SELECT mine.path FROM organization mine WHERE mine.id = :${param('organization')} AND mine.tenant_id = :${param('tenant')}) || '%')`,
        params: { [param('organization')]: scope.organizationId, [param('tenant')]: scope.tenantId },
      };
    default:
      return null;
  }
}

/**
 * The one data-range rule of every list: rows of the caller's tenant and, unless the range is the
 * tenant, of its company and within its range (own rows; own rows and the organisation's;
 * own rows and those of the organisation and every organisation below it, by the organisations'
 * materialised paths). Rows of organisations deleted since stay in the range of those above them.
 */
export function inDataRange<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  scope: DataScope,
  columns: DataRangeColumns = OWNED_ROW_COLUMNS,
): SelectQueryBuilder<T> {
  const param = (name: string) => `${alias}_range_${name}`;
  const col = (property: string) => `${alias}.${property}`;
  qb.andWhere(`${col(columns.tenant)} = :${param('tenant')}`, { [param('tenant')]: scope.tenantId });
  if (scope.range === 'tenant') return qb;
  if (columns.company) qb.andWhere(`${col(columns.company)} = :${param('company')}`, { [param('company')]: scope.companyId });
  const own = columns.account ? `${col(columns.account)} = :${param('account')}` : 'FALSE';
  const ownParams = { [param('account')]: scope.accountId };
  const organizations = rangeOrganizations(col(columns.organization), scope, alias);
  if (!organizations) return qb.andWhere(own, ownParams);
  return qb.andWhere(`(${own} OR ${organizations.sql})`, { ...ownParams, ...organizations.params });
}
