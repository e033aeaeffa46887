import { CustomerDomainMsg, normaliseDomain, type CustomerDomainStateCode } from './customer-domain.rules';

/**
 * A customer domain application: processing (1) until a platform operator sets the domain up
 * (completed, 2) or gives up with a reason (failed, 3). Tenant staff may edit the domain in any
 * state as long as it changes; the application then goes back to processing, since the new
 * domain has to be set up again. A completed domain serves the customer's branding.
 */

/** Who acts: tenant staff (apply, edit) or a platform operator (complete, fail). */
export interface DomainActor {
  population: 'tenant' | 'operator';
  id: number;
  name: string;
}

export interface CustomerDomainContext {
  /** The normalised domain. */
  domain: string;
  /** The server IP the domain points to, once completed. */
  serverIp: string | null;
  failReason: string | null;
}

export type CustomerDomainEvent =
  | { type: 'COMPLETE'; actor: DomainActor; serverIp?: string | null }
  | { type: 'FAIL'; actor: DomainActor; reason: string }
  | { type: 'EDIT'; actor: DomainActor; domain: string };

export type CustomerDomainEventType = CustomerDomainEvent['type'];

export const DomainWorkflowMsg = {
  notAllowed: '当前状态不允许该操作',
  forbidden: '您没有该操作的权限',
  alreadyCompleted: '该域名申请已处理完成',
  alreadyFailed: '该域名申请已处理失败，请修改域名后重新申请',
  failReasonRequired: CustomerDomainMsg.failReasonRequired,
  unchanged: CustomerDomainMsg.unchanged,
  domainInvalid: CustomerDomainMsg.domainInvalid,
  conflict: CustomerDomainMsg.conflict,
} as const;

export type CustomerDomainStateValue = 'processing' | 'completed' | 'failed';

/** An application as stored: the machine's state value and context. */
export interface StoredDomainState {
  value: CustomerDomainStateValue;
  context: CustomerDomainContext;
}

/** A new application for a domain (already validated by the apply schema). */
export function initialDomainState(domain: string): StoredDomainState {
  return {
    value: 'processing',
    context: { domain: normaliseDomain(domain) ?? domain.trim().toLowerCase(), serverIp: null, failReason: null },
  };
}

const STATE_CODES: Readonly<Record<CustomerDomainStateValue, CustomerDomainStateCode>> = { processing: 1, completed: 2, failed: 3 };

/** The state code of the specification: 1 processing, 2 completed, 3 failed. */
export const domainStateCode = (value: CustomerDomainStateValue): CustomerDomainStateCode => STATE_CODES[value];

/** The state value of a stored state code, or null for an unknown code. */
export function domainStateValue(code: number): CustomerDomainStateValue | null {
  return (Object.keys(STATE_CODES) as CustomerDomainStateValue[]).find((v) => STATE_CODES[v] === code) ?? null;
}

export type DomainTransition = { ok: true; next: StoredDomainState } | { ok: false; message: string };
