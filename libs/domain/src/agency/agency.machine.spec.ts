import {
  agencyReadStatus,
  agencyStateCode,
  agencyStateValue,
  AgencyWorkflowMsg,
  INITIAL_AGENCY_STATE,
  type AgencyContext,
  type AgencyEvent,
  type AgencyStateValue,
  type StoredAgencyState,
} from './agency.state';
import { applyAgencyEvent } from './agency.machine';

const staff = { population: 'tenant' as const, id: 21, name: '渠道员工' };
const customer = { population: 'user' as const, id: 5, name: '客户经理' };
const report = [{ name: '评估报告.pdf', key: 'org/12/report-1.pdf' }];

const events = {
  receive: { type: 'RECEIVE', actor: staff, receiverName: ' 王五 ', receiverPhone: '13800138000' },
  receiveByUser: { type: 'RECEIVE', actor: customer, receiverName: '王五', receiverPhone: '13800138000' },
  receiveNoName: { type: 'RECEIVE', actor: staff, receiverName: '  ', receiverPhone: '13800138000' },
  receiveNoPhone: { type: 'RECEIVE', actor: staff, receiverName: '王五', receiverPhone: '' },
  reply: { type: 'REPLY', actor: staff, totalPrice: 3_250_000, unitPrice: 36_500.5, files: report },
  replyByUser: { type: 'REPLY', actor: customer, totalPrice: 3_250_000, unitPrice: 36_500.5, files: report },
  replyNoFiles: { type: 'REPLY', actor: staff, totalPrice: 3_250_000, unitPrice: 36_500.5, files: [] },
  replySixFiles: { type: 'REPLY', actor: staff, totalPrice: 3_250_000, unitPrice: 36_500.5, files: Array(6).fill(report[0]) },
  replyNegative: { type: 'REPLY', actor: staff, totalPrice: -1, unitPrice: 36_500.5, files: report },
  replyNaN: { type: 'REPLY', actor: staff, totalPrice: 3_250_000, unitPrice: Number.NaN, files: report },
  readUser: { type: 'READ', actor: customer },
  readTenant: { type: 'READ', actor: staff },
} satisfies Record<string, AgencyEvent>;
type EventName = keyof typeof events;

const receivedContext: AgencyContext = {
  ...INITIAL_AGENCY_STATE.context,
  receiverName: '王五',
  receiverPhone: '13800138000',
  userRead: false,
  tenantRead: true,
};
const doneContext: AgencyContext = { ...receivedContext, totalPrice: 3_250_000, unitPrice: 36_500.5, files: report };
const startOf = (value: AgencyStateValue): StoredAgencyState =>
  value === 'pending' ? INITIAL_AGENCY_STATE : { value, context: value === 'received' ? receivedContext : doneContext };

/** For each state: the events allowed and the state they lead to; every other event is refused with the message given. */
const allowed: Record<AgencyStateValue, Partial<Record<EventName, AgencyStateValue>>> = {
  pending: { receive: 'received', readUser: 'pending', readTenant: 'pending' },
  received: { reply: 'done', readUser: 'received', readTenant: 'received' },
  done: { readUser: 'done', readTenant: 'done' },
};

const refusals: Record<AgencyStateValue, Partial<Record<EventName, string>>> = {
  pending: {
    receiveByUser: AgencyWorkflowMsg.forbidden,
    receiveNoName: AgencyWorkflowMsg.receiverRequired,
    receiveNoPhone: AgencyWorkflowMsg.receiverPhoneInvalid,
    reply: AgencyWorkflowMsg.notReceived,
    replyByUser: AgencyWorkflowMsg.forbidden,
    replyNoFiles: AgencyWorkflowMsg.notReceived,
    replySixFiles: AgencyWorkflowMsg.notReceived,
    replyNegative: AgencyWorkflowMsg.notReceived,
    replyNaN: AgencyWorkflowMsg.notReceived,
  },
  received: {
    receive: AgencyWorkflowMsg.alreadyReceived,
    receiveByUser: AgencyWorkflowMsg.forbidden,
    receiveNoName: AgencyWorkflowMsg.alreadyReceived,
    receiveNoPhone: AgencyWorkflowMsg.alreadyReceived,
    replyByUser: AgencyWorkflowMsg.forbidden,
    replyNoFiles: AgencyWorkflowMsg.filesRequired,
    replySixFiles: AgencyWorkflowMsg.tooManyFiles,
    replyNegative: AgencyWorkflowMsg.priceInvalid,
    replyNaN: AgencyWorkflowMsg.priceInvalid,
  },
  done: {
    receive: AgencyWorkflowMsg.alreadyDone,
    receiveByUser: AgencyWorkflowMsg.forbidden,
    receiveNoName: AgencyWorkflowMsg.alreadyDone,
    receiveNoPhone: AgencyWorkflowMsg.alreadyDone,
    reply: AgencyWorkflowMsg.alreadyDone,
    replyByUser: AgencyWorkflowMsg.forbidden,
    replyNoFiles: AgencyWorkflowMsg.alreadyDone,
    replySixFiles: AgencyWorkflowMsg.alreadyDone,
    replyNegative: AgencyWorkflowMsg.alreadyDone,
    replyNaN: AgencyWorkflowMsg.alreadyDone,
  },
};

describe('the agency application machine', () => {
  const states = Object.keys(allowed) as AgencyStateValue[];
  const cases = states.flatMap((state) => (Object.keys(events) as EventName[]).map((name) => [state, name] as const));

  it.each(cases)('in %s, %s', (state, name) => {
    const current = startOf(state);
    const outcome = applyAgencyEvent(current, events[name]);
    const target = allowed[state][name];
    if (target) {
      expect(outcome).toMatchObject({ ok: true, next: { value: target } });
    } else {
      expect(outcome).toEqual({ ok: false, message: refusals[state][name] });
    }
  });

  it('lists a refusal message for every event it does not allow', () => {
    for (const state of states) {
      for (const name of Object.keys(events) as EventName[]) {
        expect(Boolean(allowed[state][name]) !== Boolean(refusals[state][name])).toBe(true);
      }
    }
  });
});

describe('agency application context', () => {
  it('starts unread for the tenant and with nothing new for the customer', () => {
    expect(INITIAL_AGENCY_STATE).toEqual({
      value: 'pending',
      context: { receiverName: null, receiverPhone: null, totalPrice: null, unitPrice: null, files: [], userRead: true, tenantRead: false },
    });
  });

  it('records the receiver, trimmed, and tells the customer', () => {
    const received = applyAgencyEvent(INITIAL_AGENCY_STATE, events.receive);
    expect(received).toEqual({ ok: true, next: { value: 'received', context: { ...INITIAL_AGENCY_STATE.context, ...receivedContext } } });
  });

  it('records the reply, leaves it unread for the customer until the customer reads it', () => {
    const read = applyAgencyEvent(startOf('received'), events.readUser);
    expect(read.ok && read.next.context.userRead).toBe(true);
    const replied = applyAgencyEvent(read.ok ? read.next : INITIAL_AGENCY_STATE, events.reply);
    expect(replied).toEqual({ ok: true, next: { value: 'done', context: { ...doneContext, userRead: false, tenantRead: true } } });
    const readAgain = applyAgencyEvent(replied.ok ? replied.next : INITIAL_AGENCY_STATE, events.readUser);
    expect(readAgain.ok && readAgain.next.context).toMatchObject({ userRead: true, tenantRead: true, totalPrice: 3_250_000 });
  });

  it('keeps each side to its own marker', () => {
    const byTenant = applyAgencyEvent(INITIAL_AGENCY_STATE, events.readTenant);
    expect(byTenant.ok && byTenant.next.context).toMatchObject({ tenantRead: true, userRead: true });
    const byUser = applyAgencyEvent({ value: 'done', context: { ...doneContext, userRead: false, tenantRead: false } }, events.readUser);
    expect(byUser.ok && byUser.next.context).toMatchObject({ tenantRead: false, userRead: true });
  });

  it('does not change the stored state when an event is refused', () => {
    const before = startOf('received');
    const copy = JSON.parse(JSON.stringify(before)) as StoredAgencyState;
    applyAgencyEvent(before, events.replyNoFiles);
    expect(before).toEqual(copy);
  });

  it('gives the specification codes', () => {
    expect((['pending', 'received', 'done'] as const).map(agencyStateCode)).toEqual([1, 2, 3]);
    expect([1, 2, 3, 0, 4].map(agencyStateValue)).toEqual(['pending', 'received', 'done', null, null]);
    expect([agencyReadStatus(true), agencyReadStatus(false)]).toEqual([0, 1]);
  });
});
