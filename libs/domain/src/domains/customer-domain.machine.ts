import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import { CustomerDomainMsg, domainChanged, normaliseDomain, type CustomerDomainStateCode } from './customer-domain.rules';

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

const isOperator = ({ event }: { event: CustomerDomainEvent }) => event.actor.population === 'operator';
const canFail = ({ event }: { event: CustomerDomainEvent }) => isOperator({ event }) && event.type === 'FAIL' && event.reason.trim() !== '';
const canEdit = ({ context, event }: { context: CustomerDomainContext; event: CustomerDomainEvent }) =>
  event.actor.population === 'tenant' &&
  event.type === 'EDIT' &&
  normaliseDomain(event.domain) !== null &&
  domainChanged(context.domain, event.domain);

const domainSetup = setup({
  types: { context: {} as CustomerDomainContext, events: {} as CustomerDomainEvent },
  guards: { isOperator, canFail, canEdit },
});

const complete = domainSetup.assign(({ event }) =>
  event.type === 'COMPLETE' ? { serverIp: event.serverIp?.trim() || null, failReason: null } : {},
);
const fail = domainSetup.assign(({ event }) => (event.type === 'FAIL' ? { failReason: event.reason.trim(), serverIp: null } : {}));
const edit = domainSetup.assign(({ event }) =>
  event.type === 'EDIT' ? { domain: normaliseDomain(event.domain) as string, serverIp: null, failReason: null } : {},
);

const editToProcessing = { guard: 'canEdit', target: 'processing', actions: edit } as const;

export const customerDomainMachine = domainSetup.createMachine({
  id: 'customerDomain',
  initial: 'processing',
  context: { domain: '', serverIp: null, failReason: null },
  states: {
    processing: {
      on: {
        COMPLETE: { guard: 'isOperator', target: 'completed', actions: complete },
        FAIL: { guard: 'canFail', target: 'failed', actions: fail },
        EDIT: { ...editToProcessing },
      },
    },
    completed: { on: { EDIT: { ...editToProcessing } } },
    failed: { on: { EDIT: { ...editToProcessing } } },
  },
});

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

function refusal(current: StoredDomainState, event: CustomerDomainEvent): string {
  if (event.type === 'EDIT') {
    if (event.actor.population !== 'tenant') return DomainWorkflowMsg.forbidden;
    if (normaliseDomain(event.domain) === null) return DomainWorkflowMsg.domainInvalid;
    return DomainWorkflowMsg.unchanged;
  }
  if (event.actor.population !== 'operator') return DomainWorkflowMsg.forbidden;
  if (current.value === 'completed') return DomainWorkflowMsg.alreadyCompleted;
  if (current.value === 'failed') return DomainWorkflowMsg.alreadyFailed;
  if (event.type === 'FAIL') return DomainWorkflowMsg.failReasonRequired;
  return DomainWorkflowMsg.notAllowed;
}

/** The state after an event, or why it is refused. */
export function applyDomainEvent(current: StoredDomainState, event: CustomerDomainEvent): DomainTransition {
  const snapshot = customerDomainMachine.resolveState({ value: current.value, context: current.context }) as SnapshotFrom<
    typeof customerDomainMachine
  >;
  if (!snapshot.can(event)) return { ok: false, message: refusal(current, event) };
  const next = getNextSnapshot(customerDomainMachine, snapshot, event);
  return { ok: true, next: { value: next.value as CustomerDomainStateValue, context: next.context } };
}
