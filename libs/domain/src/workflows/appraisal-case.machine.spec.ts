import {
  applyCaseEvent,
  caseStateCode,
  INITIAL_CASE_STATE,
  WorkflowMsg,
  type AppraisalCaseEvent,
  type AppraisalCaseKind,
  type AppraisalCaseStateValue,
  type StoredCaseState,
} from './appraisal-case.machine';

const appraiser = { population: 'tenant' as const, id: 7, name: '估价师一' };
const other = { population: 'tenant' as const, id: 8, name: '估价师二' };
const requester = { population: 'user' as const, id: 3, name: '演示用户' };

const claimedBy = (id: number, name: string): StoredCaseState => ({ value: 'claimed', context: { assigneeId: id, assigneeName: name, read: false } });
const at = (value: AppraisalCaseStateValue, read = false): StoredCaseState => ({ value, context: { assigneeId: appraiser.id, assigneeName: appraiser.name, read } });

const events = {
  claimMine: { type: 'CLAIM', actor: appraiser },
  claimOther: { type: 'CLAIM', actor: other },
  claimUser: { type: 'CLAIM', actor: requester },
  releaseMine: { type: 'RELEASE', actor: appraiser },
  releaseOther: { type: 'RELEASE', actor: other },
  answerMine: { type: 'ANSWER', actor: appraiser, totalPrice: 5_000_000, unitPrice: 60_000, reply: '参考近期成交' },
  answerOther: { type: 'ANSWER', actor: other, totalPrice: 5_000_000, unitPrice: 60_000, reply: '参考近期成交' },
  refuseMine: { type: 'REFUSE', actor: appraiser, reason: '资料不足' },
  refuseOther: { type: 'REFUSE', actor: other, reason: '资料不足' },
  readUser: { type: 'READ', actor: requester },
  readAppraiser: { type: 'READ', actor: appraiser },
} satisfies Record<string, AppraisalCaseEvent>;
type EventName = keyof typeof events;

/** For each kind and state: the events allowed and the state they lead to; every other event is refused. */
const allowed: Record<AppraisalCaseKind, Partial<Record<AppraisalCaseStateValue, Partial<Record<EventName, AppraisalCaseStateValue>>>>> = {
  artificial: {
    pending: { claimMine: 'claimed', claimOther: 'claimed' },
    claimed: { releaseMine: 'pending', answerMine: 'succeeded', refuseMine: 'failed' },
    succeeded: { readUser: 'succeeded' },
    failed: { readUser: 'failed' },
  },
  review: {
    pending: { claimMine: 'claimed', claimOther: 'claimed' },
    claimed: { releaseMine: 'pending', answerMine: 'succeeded', refuseMine: 'failed' },
    succeeded: { readUser: 'succeeded' },
    failed: { readUser: 'failed' },
  },
  objection: {
    pending: { claimMine: 'claimed', claimOther: 'claimed' },
    claimed: { releaseMine: 'pending', answerMine: 'completed' },
    completed: { readUser: 'completed' },
  },
};

const startOf = (value: AppraisalCaseStateValue): StoredCaseState => (value === 'pending' ? INITIAL_CASE_STATE : value === 'claimed' ? claimedBy(appraiser.id, appraiser.name) : at(value));

describe.each(Object.keys(allowed) as AppraisalCaseKind[])('the %s machine', (kind) => {
  const states = Object.keys(allowed[kind]) as AppraisalCaseStateValue[];
  const cases = states.flatMap((state) => (Object.keys(events) as EventName[]).map((name) => [state, name] as const));

  it.each(cases)('in %s, %s', (state, name) => {
    const outcome = applyCaseEvent(kind, startOf(state), events[name]);
    const target = allowed[kind][state]?.[name];
    if (target) {
      expect(outcome).toMatchObject({ ok: true, next: { value: target } });
    } else {
      expect(outcome.ok).toBe(false);
    }
  });
});

describe('appraisal case context and messages', () => {
  it('records the assignee on claim and clears it on release', () => {
    const claimed = applyCaseEvent('artificial', INITIAL_CASE_STATE, events.claimMine);
    expect(claimed).toEqual({ ok: true, next: { value: 'claimed', context: { assigneeId: 7, assigneeName: '估价师一', read: false } } });
    const released = applyCaseEvent('artificial', claimed.ok ? claimed.next : INITIAL_CASE_STATE, events.releaseMine);
    expect(released).toEqual({ ok: true, next: { value: 'pending', context: { assigneeId: null, assigneeName: null, read: false } } });
  });

  it('leaves an answer unread until the requester reads it', () => {
    const answered = applyCaseEvent('review', claimedBy(7, '估价师一'), events.answerMine);
    expect(answered.ok && answered.next.context.read).toBe(false);
    const read = applyCaseEvent('review', answered.ok ? answered.next : INITIAL_CASE_STATE, events.readUser);
    expect(read.ok && read.next).toMatchObject({ value: 'succeeded', context: { read: true } });
  });

  it('explains a refusal: another appraiser holds the case, it was not claimed, or it is finished', () => {
    expect(applyCaseEvent('artificial', claimedBy(8, '估价师二'), events.answerMine)).toEqual({ ok: false, message: WorkflowMsg.claimedByOther });
    expect(applyCaseEvent('artificial', claimedBy(8, '估价师二'), events.claimMine)).toEqual({ ok: false, message: WorkflowMsg.claimedByOther });
    expect(applyCaseEvent('artificial', INITIAL_CASE_STATE, events.answerMine)).toEqual({ ok: false, message: WorkflowMsg.notAssignee });
    expect(applyCaseEvent('objection', at('completed'), events.answerMine)).toEqual({ ok: false, message: WorkflowMsg.notAllowed });
    expect(applyCaseEvent('objection', claimedBy(7, '估价师一'), events.refuseMine)).toEqual({ ok: false, message: WorkflowMsg.notAllowed });
  });

  it('gives the specification state codes', () => {
    expect((['pending', 'claimed', 'succeeded', 'failed', 'completed'] as const).map(caseStateCode)).toEqual([1, 1, 2, 3, 2]);
  });
});
