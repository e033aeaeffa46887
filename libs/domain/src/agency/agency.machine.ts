import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';

/**
 * An institution (agency) valuation application (POST api/org/req): pending (1) until tenant staff
 * receive it with a receiver name and phone (2, in progress), then done (3) once they reply with
 * the prices and the report files. The customer and the tenant each have a read marker: an
 * application has news for the customer when it was received or answered, and for the tenant when
 * it arrives. The server stores the state value and context and applies events through
 * {@link applyAgencyEvent}.
 */

/** Who acts on an application: the requesting customer user or tenant staff. */
export interface AgencyActor {
  population: 'user' | 'tenant';
  id: number;
  name: string;
}

/** A report file of the reply, as stored. */
export interface AgencyFileRef {
  name: string;
  key: string;
  size?: number;
  type?: string;
}

export interface AgencyContext {
  receiverName: string | null;
  receiverPhone: string | null;
  /** The reply's total price (reportResult). */
  totalPrice: number | null;
  /** The reply's unit price (reportResultSingle). */
  unitPrice: number | null;
  files: AgencyFileRef[];
  /** Whether the customer has seen the latest change (receive or reply). */
  userRead: boolean;
  /** Whether the tenant has seen the application. */
  tenantRead: boolean;
}

export type AgencyEvent =
  | { type: 'RECEIVE'; actor: AgencyActor; receiverName: string; receiverPhone: string }
  | { type: 'REPLY'; actor: AgencyActor; totalPrice: number; unitPrice: number; files: readonly AgencyFileRef[] }
  | { type: 'READ'; actor: AgencyActor };

export type AgencyEventType = AgencyEvent['type'];

export const AgencyWorkflowMsg = {
  notAllowed: '当前状态不允许该操作',
  forbidden: '您没有该操作的权限',
  alreadyReceived: '该估价申请已被接收，请勿重复操作',
  notReceived: '请先接收该估价申请再回复',
  alreadyDone: '该估价申请已回复评估结果',
  receiverRequired: '请输入接收人姓名',
  receiverPhoneInvalid: '请输入正确联系电话',
  priceInvalid: '评估价格不正确',
  filesRequired: '请上传评估文件',
  tooManyFiles: '最多上传5个文件',
  notFound: '估价申请不存在',
  conflict: '该估价申请已被他人更新，请刷新后重试',
} as const;

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

export const INITIAL_AGENCY_CONTEXT: AgencyContext = {
  receiverName: null,
  receiverPhone: null,
  totalPrice: null,
  unitPrice: null,
  files: [],
  userRead: true,
  tenantRead: false,
};

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

export type AgencyStateValue = 'pending' | 'received' | 'done';
export type AgencyStateCode = 1 | 2 | 3;

/** An application as stored: the machine's state value and context. */
export interface StoredAgencyState {
  value: AgencyStateValue;
  context: AgencyContext;
}

export const INITIAL_AGENCY_STATE: StoredAgencyState = { value: 'pending', context: INITIAL_AGENCY_CONTEXT };

const STATE_CODES: Readonly<Record<AgencyStateValue, AgencyStateCode>> = { pending: 1, received: 2, done: 3 };

/** The reportStatus of the specification: 1 pending, 2 in progress (received), 3 done. */
export const agencyStateCode = (value: AgencyStateValue): AgencyStateCode => STATE_CODES[value];

/** The state value of a stored reportStatus, or null for an unknown code. */
export function agencyStateValue(code: number): AgencyStateValue | null {
  const found = (Object.keys(STATE_CODES) as AgencyStateValue[]).find((v) => STATE_CODES[v] === code);
  return found ?? null;
}

/** The read status sent by api/org/updatereadstatus and api/org/tenant/updatereadstatus: 0 read, 1 unread. */
export const agencyReadStatus = (read: boolean): 0 | 1 => (read ? 0 : 1);

export type AgencyTransition = { ok: true; next: StoredAgencyState } | { ok: false; message: string };

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
