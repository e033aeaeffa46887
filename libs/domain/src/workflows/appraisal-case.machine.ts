import { getInitialSnapshot, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';

/**
 * The cases human appraisers answer: manual enquiries (artificial), re-appraisals (review) and
 * price objections. One machine per kind is the only authority on what may happen next; the server
 * stores the state value and context, applies events through {@link applyCaseEvent} and records
 * every transition.
 */
export type AppraisalCaseKind = 'artificial' | 'review' | 'objection';

/** Who acts on a case: the requesting user or a tenant appraiser. */
export interface CaseActor {
  population: 'user' | 'tenant';
  id: number;
  name: string;
}

export interface AppraisalCaseContext {
  /** The user who filed the case (account id): only this user's reading marks the answer read. */
  requesterId: number;
  /** The appraiser working on the case (tenant staff id), null while it waits in the queue. */
  assigneeId: number | null;
  assigneeName: string | null;
  /** Whether the requester has read the answer. */
  read: boolean;
}

export type AppraisalCaseEvent =
  | { type: 'CLAIM'; actor: CaseActor }
  | { type: 'RELEASE'; actor: CaseActor }
  | { type: 'ANSWER'; actor: CaseActor; totalPrice?: number; unitPrice?: number; reply: string }
  | { type: 'REFUSE'; actor: CaseActor; reason: string }
  | { type: 'READ'; actor: CaseActor };

export type AppraisalCaseEventType = AppraisalCaseEvent['type'];

export const WorkflowMsg = {
  notAllowed: '当前状态不允许该操作',
  claimedByOther: '该案件已由其他估价师处理',
  notAssignee: '请先领取该案件再处理',
  notRequester: '仅申请人本人查看答复时标记已读',
  conflict: '该案件已被他人更新，请刷新后重试',
  notFound: '案件不存在',
} as const;

const isAppraiser = ({ event }: { event: AppraisalCaseEvent }) => event.actor.population === 'tenant';

/** Whether the actor is the user who filed the case (and so the one whose reading counts). */
export function isCaseRequester(context: Pick<AppraisalCaseContext, 'requesterId'>, actor: CaseActor): boolean {
  return actor.population === 'user' && context.requesterId === actor.id;
}

const isRequester = ({ context, event }: { context: AppraisalCaseContext; event: AppraisalCaseEvent }) =>
  isCaseRequester(context, event.actor);
const isAssignee = ({ context, event }: { context: AppraisalCaseContext; event: AppraisalCaseEvent }) =>
  event.actor.population === 'tenant' && context.assigneeId === event.actor.id;

const caseSetup = setup({
  types: { context: {} as AppraisalCaseContext, events: {} as AppraisalCaseEvent, input: {} as { requesterId: number } },
  guards: { isAppraiser, isRequester, isAssignee },
});

const claim = caseSetup.assign(({ event }) => ({ assigneeId: event.actor.id, assigneeName: event.actor.name }));
const release = caseSetup.assign(() => ({ assigneeId: null, assigneeName: null }));
const markRead = caseSetup.assign(() => ({ read: true }));
const markUnread = caseSetup.assign(() => ({ read: false }));

const newCaseContext = ({ input }: { input: { requesterId: number } }): AppraisalCaseContext => ({
  requesterId: input.requesterId,
  assigneeId: null,
  assigneeName: null,
  read: false,
});

/** Waiting in the queue, being worked on by its assignee, then answered (with a price) or refused. */
function answerableMachine(id: 'artificial' | 'review') {
  return caseSetup.createMachine({
    id,
    initial: 'pending',
    context: newCaseContext,
    states: {
      pending: { on: { CLAIM: { guard: 'isAppraiser', target: 'claimed', actions: claim } } },
      claimed: {
        on: {
          RELEASE: { guard: 'isAssignee', target: 'pending', actions: release },
          ANSWER: { guard: 'isAssignee', target: 'succeeded', actions: markUnread },
          REFUSE: { guard: 'isAssignee', target: 'failed', actions: markUnread },
        },
      },
      succeeded: { on: { READ: { guard: 'isRequester', actions: markRead } } },
      failed: { on: { READ: { guard: 'isRequester', actions: markRead } } },
    },
  });
}

/** A price objection: processing until an appraiser replies. */
const objectionMachine = caseSetup.createMachine({
  id: 'objection',
  initial: 'pending',
  context: newCaseContext,
  states: {
    pending: { on: { CLAIM: { guard: 'isAppraiser', target: 'claimed', actions: claim } } },
    claimed: {
      on: {
        RELEASE: { guard: 'isAssignee', target: 'pending', actions: release },
        ANSWER: { guard: 'isAssignee', target: 'completed', actions: markUnread },
      },
    },
    completed: { on: { READ: { guard: 'isRequester', actions: markRead } } },
  },
});

export const APPRAISAL_CASE_MACHINES = {
  artificial: answerableMachine('artificial'),
  review: answerableMachine('review'),
  objection: objectionMachine,
} as const;

export type AppraisalCaseStateValue = 'pending' | 'claimed' | 'succeeded' | 'failed' | 'completed';

/** A case as stored: the machine's state value and context. */
export interface StoredCaseState {
  value: AppraisalCaseStateValue;
  context: AppraisalCaseContext;
}

/**
 * The state code of the specification: manual enquiries and re-appraisals 1 pending, 2 succeeded,
 * 3 failed; objections 1 processing, 2 completed.
 */
export function caseStateCode(value: AppraisalCaseStateValue): 1 | 2 | 3 {
  if (value === 'succeeded' || value === 'completed') return 2;
  if (value === 'failed') return 3;
  return 1;
}

/** The state of a case just filed by this user (account id). */
export function initialCaseState(kind: AppraisalCaseKind, requesterId: number): StoredCaseState {
  const snapshot = getInitialSnapshot(APPRAISAL_CASE_MACHINES[kind], { requesterId });
  return { value: snapshot.value as AppraisalCaseStateValue, context: snapshot.context };
}

export type CaseTransition = { ok: true; next: StoredCaseState } | { ok: false; message: string };

/**
 * The state after an event, or why the event is refused: not allowed in this state, allowed only
 * to the case's assignee (another appraiser holds it), or a READ by someone other than the requester.
 */
export function applyCaseEvent(kind: AppraisalCaseKind, current: StoredCaseState, event: AppraisalCaseEvent): CaseTransition {
  const machine = APPRAISAL_CASE_MACHINES[kind];
  const snapshot = machine.resolveState({ value: current.value, context: current.context }) as SnapshotFrom<typeof machine>;
  if (!snapshot.can(event)) {
    const held =
      current.context.assigneeId !== null && event.actor.population === 'tenant' && current.context.assigneeId !== event.actor.id;
    if (held && (event.type === 'CLAIM' || event.type === 'ANSWER' || event.type === 'REFUSE' || event.type === 'RELEASE')) {
      return { ok: false, message: WorkflowMsg.claimedByOther };
    }
    if (current.value === 'pending' && (event.type === 'ANSWER' || event.type === 'REFUSE'))
      return { ok: false, message: WorkflowMsg.notAssignee };
    if (event.type === 'READ' && caseStateCode(current.value) !== 1 && !isCaseRequester(current.context, event.actor))
      return { ok: false, message: WorkflowMsg.notRequester };
    return { ok: false, message: WorkflowMsg.notAllowed };
  }
  const next = getNextSnapshot(machine, snapshot, event);
  return { ok: true, next: { value: next.value as AppraisalCaseStateValue, context: next.context } };
}
