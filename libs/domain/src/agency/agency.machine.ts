import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import {
  AgencyWorkflowMsg,
  INITIAL_AGENCY_CONTEXT,
  type AgencyContext,
  type AgencyEvent,
  type AgencyStateValue,
  type AgencyTransition,
  type StoredAgencyState,
} from './agency.state';

/** The machine of an institution valuation application (see agency.state.ts). */

/** At most this many report files in a reply. */
const MAX_REPLY_FILES = 5;

const isTenant = ({ event }: { event: AgencyEvent }) => event.actor.population === 'tenant';
const isUser = ({ event }: { event: AgencyEvent }) => event.actor.population === 'user';

const validReceiver = (e: AgencyEvent) => e.type === 'RECEIVE' && e.receiverName.trim() !== '' && e.receiverPhone.trim() !== '';
const validPrice = (n: number) => Number.isFinite(n) && n >= 0;
const validReply = (e: AgencyEvent) =>
  e.type === 'REPLY' && validPrice(e.totalPrice) && validPrice(e.unitPrice) && e.files.length >= 1 && e.files.length <= MAX_REPLY_FILES;

const agencySetup = setup({
  types: { context: {} as AgencyContext, events: {} as AgencyEvent },
  guards: {
    canReceive: ({ event }) => isTenant({ event }) && validReceiver(event),
    canReply: ({ event }) => isTenant({ event }) && validReply(event),
    isTenant,
    isUser,
  },
});

const receive = agencySetup.assign(({ event }) =>
  event.type === 'RECEIVE'
    ? { receiverName: event.receiverName.trim(), receiverPhone: event.receiverPhone.trim(), userRead: false, tenantRead: true }
    : {},
);
const reply = agencySetup.assign(({ event }) =>
  event.type === 'REPLY'
    ? { totalPrice: event.totalPrice, unitPrice: event.unitPrice, files: [...event.files], userRead: false, tenantRead: true }
    : {},
);
const markUserRead = agencySetup.assign(() => ({ userRead: true }));
const markTenantRead = agencySetup.assign(() => ({ tenantRead: true }));

/** Reading is possible in every state, by either side, for its own marker. */
const readEvents = [
  { guard: 'isUser', actions: markUserRead },
  { guard: 'isTenant', actions: markTenantRead },
] as const;

export const agencyMachine = agencySetup.createMachine({
  id: 'agency',
  initial: 'pending',
  context: INITIAL_AGENCY_CONTEXT,
  states: {
    pending: { on: { RECEIVE: { guard: 'canReceive', target: 'received', actions: receive }, READ: [...readEvents] } },
    received: { on: { REPLY: { guard: 'canReply', target: 'done', actions: reply }, READ: [...readEvents] } },
    done: { on: { READ: [...readEvents] } },
  },
});

function refusal(current: StoredAgencyState, event: AgencyEvent): string {
  if (event.type === 'READ') return AgencyWorkflowMsg.forbidden;
  if (event.actor.population !== 'tenant') return AgencyWorkflowMsg.forbidden;
  if (event.type === 'RECEIVE') {
    if (current.value === 'received') return AgencyWorkflowMsg.alreadyReceived;
    if (current.value === 'done') return AgencyWorkflowMsg.alreadyDone;
    if (event.receiverName.trim() === '') return AgencyWorkflowMsg.receiverRequired;
    return AgencyWorkflowMsg.receiverPhoneInvalid;
  }
  if (current.value === 'pending') return AgencyWorkflowMsg.notReceived;
  if (current.value === 'done') return AgencyWorkflowMsg.alreadyDone;
  if (!validPrice(event.totalPrice) || !validPrice(event.unitPrice)) return AgencyWorkflowMsg.priceInvalid;
  if (event.files.length === 0) return AgencyWorkflowMsg.filesRequired;
  if (event.files.length > MAX_REPLY_FILES) return AgencyWorkflowMsg.tooManyFiles;
  return AgencyWorkflowMsg.notAllowed;
}

/**
 * The state after an event, or why it is refused: only tenant staff receive and reply, an
 * application is received once and answered once, after it was received, with a receiver, valid
 * prices and 1 to 5 report files.
 */
export function applyAgencyEvent(current: StoredAgencyState, event: AgencyEvent): AgencyTransition {
  const snapshot = agencyMachine.resolveState({ value: current.value, context: current.context }) as SnapshotFrom<typeof agencyMachine>;
  if (!snapshot.can(event)) return { ok: false, message: refusal(current, event) };
  const next = getNextSnapshot(agencyMachine, snapshot, event);
  return { ok: true, next: { value: next.value as AgencyStateValue, context: next.context } };
}
