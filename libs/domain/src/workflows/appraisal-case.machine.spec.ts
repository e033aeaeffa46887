import { applyCaseEvent, initialCaseState } from './appraisal-case.machine';
import {
  caseStateCode,
  isCaseRequester,
  WorkflowMsg,
  type AppraisalCaseEvent,
  type AppraisalCaseKind,
  type AppraisalCaseStateValue,
  type StoredCaseState,
} from './appraisal-case.state';

const appraiser = { population: 'tenant' as const, id: 7, name: '估价师一' };
const other = { population: 'tenant' as const, id: 8, name: '估价师二' };
const requester = { population: 'user' as const, id: 3, name: '演示用户' };
/** A supervisor of the requester's organisation: sees the case through the data range, did not file it. */
const supervisor = { population: 'user' as const, id: 9, name: '演示管理员' };
/** A tenant staff member whose id happens to equal the requester's account id. */
const staffWithRequesterId = { population: 'tenant' as const, id: requester.id, name: '同号员工' };

const filed = (kind: AppraisalCaseKind = 'artificial') => initialCaseState(kind, requester.id);
const claimedBy = (id: number, name: string): StoredCaseState => ({
  value: 'claimed',
  context: { requesterId: requester.id, assigneeId: id, assigneeName: name, read: false },
});
const at = (value: AppraisalCaseStateValue, read = false): StoredCaseState => ({
  value,
  context: { requesterId: requester.id, assigneeId: appraiser.id, assigneeName: appraiser.name, read },
});

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
  readSupervisor: { type: 'READ', actor: supervisor },
  readAppraiser: { type: 'READ', actor: appraiser },
  readStaffWithRequesterId: { type: 'READ', actor: staffWithRequesterId },
  withdrawUser: { type: 'WITHDRAW', actor: requester },
  withdrawSupervisor: { type: 'WITHDRAW', actor: supervisor },
  withdrawAppraiser: { type: 'WITHDRAW', actor: appraiser },
} satisfies Record<string, AppraisalCaseEvent>;
type EventName = keyof typeof events;

/** For each kind and state: the events allowed and the state they lead to; every other event is refused. */
const allowed: Record<AppraisalCaseKind, Partial<Record<AppraisalCaseStateValue, Partial<Record<EventName, AppraisalCaseStateValue>>>>> = {
  artificial: {
    pending: { claimMine: 'claimed', claimOther: 'claimed', withdrawUser: 'withdrawn' },
    claimed: { releaseMine: 'pending', answerMine: 'succeeded', refuseMine: 'failed' },
    succeeded: { readUser: 'succeeded' },
    failed: { readUser: 'failed' },
    withdrawn: {},
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

const startOf = (kind: AppraisalCaseKind, value: AppraisalCaseStateValue): StoredCaseState =>
  value === 'pending' ? filed(kind) : value === 'claimed' ? claimedBy(appraiser.id, appraiser.name) : at(value);

describe.each(Object.keys(allowed) as AppraisalCaseKind[])('the %s machine', (kind) => {
  const states = Object.keys(allowed[kind]) as AppraisalCaseStateValue[];
  const cases = states.flatMap((state) => (Object.keys(events) as EventName[]).map((name) => [state, name] as const));

  it.each(cases)('in %s, %s', (state, name) => {
    const outcome = applyCaseEvent(kind, startOf(kind, state), events[name]);
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
    const claimed = applyCaseEvent('artificial', filed(), events.claimMine);
    expect(claimed).toEqual({
      ok: true,
      next: { value: 'claimed', context: { requesterId: 3, assigneeId: 7, assigneeName: '估价师一', read: false } },
    });
    const released = applyCaseEvent('artificial', claimed.ok ? claimed.next : filed(), events.releaseMine);
    expect(released).toEqual({
      ok: true,
      next: { value: 'pending', context: { requesterId: 3, assigneeId: null, assigneeName: null, read: false } },
    });
  });

  it('leaves an answer unread until the requester reads it', () => {
    const answered = applyCaseEvent('review', claimedBy(7, '估价师一'), events.answerMine);
    expect(answered.ok && answered.next.context.read).toBe(false);
    const read = applyCaseEvent('review', answered.ok ? answered.next : filed('review'), events.readUser);
    expect(read.ok && read.next).toMatchObject({ value: 'succeeded', context: { read: true } });
  });

  it('files a case pending, unread and held by nobody, with its requester', () => {
    for (const kind of ['artificial', 'review', 'objection'] as const) {
      expect(initialCaseState(kind, 42)).toEqual({
        value: 'pending',
        context: { requesterId: 42, assigneeId: null, assigneeName: null, read: false },
      });
    }
  });

  it.each(['artificial', 'review', 'objection'] as const)(
    'in %s, only the requester marks an answer read; a supervisor reading it changes nothing',
    (kind) => {
      const answered = applyCaseEvent(kind, claimedBy(7, '估价师一'), events.answerMine);
      if (!answered.ok) throw new Error(answered.message);
      for (const actor of [supervisor, appraiser, staffWithRequesterId]) {
        expect(applyCaseEvent(kind, answered.next, { type: 'READ', actor })).toEqual({ ok: false, message: WorkflowMsg.notRequester });
      }
      expect(answered.next.context.read).toBe(false);
      expect(applyCaseEvent(kind, answered.next, events.readUser)).toMatchObject({
        ok: true,
        next: { context: { read: true, requesterId: 3 } },
      });
    },
  );

  it('knows the requester by population and account id', () => {
    expect(isCaseRequester({ requesterId: 3 }, requester)).toBe(true);
    expect(isCaseRequester({ requesterId: 3 }, supervisor)).toBe(false);
    expect(isCaseRequester({ requesterId: 3 }, staffWithRequesterId)).toBe(false);
  });

  it('refuses a READ of a case stored without its requester', () => {
    const legacy: StoredCaseState = JSON.parse('{"value":"succeeded","context":{"assigneeId":7,"assigneeName":"估价师一","read":false}}');
    expect(applyCaseEvent('artificial', legacy, events.readUser)).toEqual({ ok: false, message: WorkflowMsg.notRequester });
  });

  it('explains a refusal: another appraiser holds the case, it was not claimed, or it is finished', () => {
    expect(applyCaseEvent('artificial', claimedBy(8, '估价师二'), events.answerMine)).toEqual({
      ok: false,
      message: WorkflowMsg.claimedByOther,
    });
    expect(applyCaseEvent('artificial', claimedBy(8, '估价师二'), events.claimMine)).toEqual({
      ok: false,
      message: WorkflowMsg.claimedByOther,
    });
    expect(applyCaseEvent('artificial', filed(), events.answerMine)).toEqual({ ok: false, message: WorkflowMsg.notAssignee });
    expect(applyCaseEvent('artificial', filed(), events.readUser)).toEqual({ ok: false, message: WorkflowMsg.notAllowed });
    expect(applyCaseEvent('objection', at('completed'), events.answerMine)).toEqual({ ok: false, message: WorkflowMsg.notAllowed });
    expect(applyCaseEvent('objection', claimedBy(7, '估价师一'), events.refuseMine)).toEqual({
      ok: false,
      message: WorkflowMsg.notAllowed,
    });
  });

  it('lets the requester withdraw a manual enquiry only while no appraiser has claimed it', () => {
    expect(applyCaseEvent('artificial', filed(), events.withdrawUser)).toEqual({
      ok: true,
      next: { value: 'withdrawn', context: { requesterId: 3, assigneeId: null, assigneeName: null, read: false } },
    });
    expect(applyCaseEvent('artificial', claimedBy(7, '估价师一'), events.withdrawUser)).toEqual({
      ok: false,
      message: WorkflowMsg.withdrawClaimed,
    });
    expect(applyCaseEvent('artificial', at('succeeded'), events.withdrawUser)).toEqual({
      ok: false,
      message: WorkflowMsg.withdrawAnswered,
    });
    expect(applyCaseEvent('artificial', filed(), events.withdrawSupervisor)).toEqual({
      ok: false,
      message: WorkflowMsg.notRequesterWithdraw,
    });
    expect(applyCaseEvent('artificial', at('withdrawn'), events.claimMine)).toEqual({ ok: false, message: WorkflowMsg.alreadyWithdrawn });
    expect(applyCaseEvent('review', filed('review'), events.withdrawUser)).toEqual({ ok: false, message: WorkflowMsg.notAllowed });
  });

  it('gives the specification state codes', () => {
    expect((['pending', 'claimed', 'succeeded', 'failed', 'completed', 'withdrawn'] as const).map(caseStateCode)).toEqual([
      1, 1, 2, 3, 2, 4,
    ]);
  });
});
