import { getInitialSnapshot, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import {
  caseStateCode,
  isCaseRequester,
  WorkflowMsg,
  type AppraisalCaseContext,
  type AppraisalCaseEvent,
  type AppraisalCaseKind,
  type AppraisalCaseStateValue,
  type CaseTransition,
  type StoredCaseState,
} from './appraisal-case.state';

/** The machines of the appraisal cases (see appraisal-case.state.ts). */

const isAppraiser = ({ event }: { event: AppraisalCaseEvent }) => event.actor.population === 'tenant';

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

/**
 * Waiting in the queue, being worked on by its assignee, then answered (with a price) or refused.
 * A manual enquiry can also be withdrawn by its requester while no appraiser has claimed it.
 */
function answerableMachine(id: 'artificial' | 'review') {
  const withdrawable = id === 'artificial';
  return caseSetup.createMachine({
    id,
    initial: 'pending',
    context: newCaseContext,
    states: {
      pending: {
        on: {
          CLAIM: { guard: 'isAppraiser', target: 'claimed', actions: claim },
          ...(withdrawable ? { WITHDRAW: { guard: 'isRequester', target: 'withdrawn' } } : {}),
        },
      },
      claimed: {
        on: {
          RELEASE: { guard: 'isAssignee', target: 'pending', actions: release },
          ANSWER: { guard: 'isAssignee', target: 'succeeded', actions: markUnread },
          REFUSE: { guard: 'isAssignee', target: 'failed', actions: markUnread },
        },
      },
      succeeded: { on: { READ: { guard: 'isRequester', actions: markRead } } },
      failed: { on: { READ: { guard: 'isRequester', actions: markRead } } },
      withdrawn: { type: 'final' },
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

/** The state of a case just filed by this user (account id). */
export function initialCaseState(kind: AppraisalCaseKind, requesterId: number): StoredCaseState {
  const snapshot = getInitialSnapshot(APPRAISAL_CASE_MACHINES[kind], { requesterId });
  return { value: snapshot.value as AppraisalCaseStateValue, context: snapshot.context };
}

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
    if (event.type === 'WITHDRAW' && kind === 'artificial') {
      if (!isCaseRequester(current.context, event.actor)) return { ok: false, message: WorkflowMsg.notRequesterWithdraw };
      if (current.value === 'claimed') return { ok: false, message: WorkflowMsg.withdrawClaimed };
      if (current.value === 'withdrawn') return { ok: false, message: WorkflowMsg.alreadyWithdrawn };
      return { ok: false, message: WorkflowMsg.withdrawAnswered };
    }
    if (current.value === 'withdrawn') return { ok: false, message: WorkflowMsg.alreadyWithdrawn };
    if (event.type === 'READ' && caseStateCode(current.value) !== 1 && !isCaseRequester(current.context, event.actor))
      return { ok: false, message: WorkflowMsg.notRequester };
    return { ok: false, message: WorkflowMsg.notAllowed };
  }
  const next = getNextSnapshot(machine, snapshot, event);
  return { ok: true, next: { value: next.value as AppraisalCaseStateValue, context: next.context } };
}
