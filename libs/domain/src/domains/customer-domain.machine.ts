import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import { domainChanged, normaliseDomain } from './customer-domain.rules';
import {
  DomainWorkflowMsg,
  type CustomerDomainContext,
  type CustomerDomainEvent,
  type CustomerDomainStateValue,
  type DomainTransition,
  type StoredDomainState,
} from './customer-domain.state';

/** The machine of a customer domain application (see customer-domain.state.ts). */

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
