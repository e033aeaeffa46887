import type { CustomerDomainView } from '@valuation/contracts';
import { checkDomainApplyForm, checkDomainEditForm, CustomerDomainMsg, customerDomainFailureMessage } from '@valuation/domain';
import { isApiError } from '../../../app/api/api-error';

/** What the apply and edit modals hold: the company as the picker's value (an id as text). */
export interface DomainFormValues {
  companyId: string | null;
  domain: string;
}

export type DomainFormTarget = { kind: 'apply' } | { kind: 'edit'; row: CustomerDomainView };

export type DomainFormCheck =
  { ok: true; body: { companyId: number; domain: string } } | { ok: false; field: keyof DomainFormValues; message: string };

export function initialDomainForm(target: DomainFormTarget): DomainFormValues {
  return target.kind === 'edit' ? { companyId: String(target.row.companyId), domain: target.row.domain } : { companyId: null, domain: '' };
}

/**
 * The checks of the modal in the spec's order, with the field each message belongs to: apply
 * needs a company and a valid domain; edit needs a valid domain different from the stored one.
 */
export function checkDomainForm(target: DomainFormTarget, values: DomainFormValues): DomainFormCheck {
  if (target.kind === 'edit') {
    const check = checkDomainEditForm(target.row.domain, { domain: values.domain });
    return check.ok
      ? { ok: true, body: { companyId: target.row.companyId, domain: check.domain } }
      : { ok: false, field: 'domain', message: check.message };
  }
  const companyId = values.companyId ? Number(values.companyId) : null;
  const check = checkDomainApplyForm({
    companyId: companyId !== null && Number.isInteger(companyId) ? companyId : null,
    domain: values.domain,
  });
  if (check.ok) return { ok: true, body: { companyId: companyId as number, domain: check.domain } };
  return { ok: false, field: check.message === CustomerDomainMsg.companyRequired ? 'companyId' : 'domain', message: check.message };
}

/** The message of a failed add or edit; null for a network failure, which the API client shows already. */
export function domainActionFailure(error: unknown): string | null {
  if (isApiError(error) && error.kind === 'network') return null;
  return customerDomainFailureMessage(isApiError(error) ? error.code : 0);
}
