import type { CustomerDomainView } from '@valuation/contracts';
import { CustomerDomainMsg, customerDomainFailureMessage, domainChanged, normaliseDomain } from '@valuation/domain';
import { isApiError } from '../../../app/api/api-error';

/** What the apply and edit dialogs hold: the company as the picker's value (an id as text). */
export interface DomainFormValues extends Record<string, unknown> {
  companyId: string | null;
  domain: string;
}

export type DomainFormTarget = { kind: 'apply' } | { kind: 'edit'; row: CustomerDomainView };

export function initialDomainForm(target: DomainFormTarget): DomainFormValues {
  return target.kind === 'edit' ? { companyId: String(target.row.companyId), domain: target.row.domain } : { companyId: null, domain: '' };
}

/** The request the server's schema reads: apply sends the company and domain; edit the id, the stored company, the domain and the version seen. */
export function domainRequest(target: DomainFormTarget, values: DomainFormValues): Record<string, unknown> {
  if (target.kind === 'edit')
    return { id: target.row.id, companyId: target.row.companyId, domain: values.domain, version: target.row.version };
  return { companyId: values.companyId, domain: values.domain };
}

/** The edit dialog's rule beyond the schema: a valid domain must differ from the stored one. */
export function unchangedDomainError(target: DomainFormTarget, values: DomainFormValues): Record<string, string> {
  if (target.kind !== 'edit') return {};
  const domain = normaliseDomain(values.domain);
  return domain !== null && !domainChanged(target.row.domain, domain) ? { domain: CustomerDomainMsg.unchanged } : {};
}

/** The message of a failed add or edit; null for a network failure, which the API client shows already. */
export function domainActionFailure(error: unknown): string | null {
  if (isApiError(error) && error.kind === 'network') return null;
  return customerDomainFailureMessage(isApiError(error) ? error.code : 0);
}
