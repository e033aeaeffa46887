import { applyDomainEvent } from './customer-domain.machine';
import {
  domainStateCode,
  domainStateValue,
  DomainWorkflowMsg,
  initialDomainState,
  type CustomerDomainEvent,
  type CustomerDomainStateValue,
  type StoredDomainState,
} from './customer-domain.state';

const staff = { population: 'tenant' as const, id: 4, name: '渠道管理员' };
const operator = { population: 'operator' as const, id: 1, name: '平台运维' };

const events = {
  complete: { type: 'COMPLETE', actor: operator, serverIp: '10.0.0.8' },
  completeByStaff: { type: 'COMPLETE', actor: staff },
  fail: { type: 'FAIL', actor: operator, reason: ' 域名未备案 ' },
  failNoReason: { type: 'FAIL', actor: operator, reason: '  ' },
  failByStaff: { type: 'FAIL', actor: staff, reason: '域名未备案' },
  edit: { type: 'EDIT', actor: staff, domain: 'https://New.Example.com/' },
  editSame: { type: 'EDIT', actor: staff, domain: 'HTTP://VAL.example.com' },
  editInvalid: { type: 'EDIT', actor: staff, domain: 'example.com:8080' },
  editByOperator: { type: 'EDIT', actor: operator, domain: 'new.example.com' },
} satisfies Record<string, CustomerDomainEvent>;
type EventName = keyof typeof events;

const startOf = (value: CustomerDomainStateValue): StoredDomainState => ({
  value,
  context: {
    domain: 'val.example.com',
    serverIp: value === 'completed' ? '10.0.0.8' : null,
    failReason: value === 'failed' ? '域名未备案' : null,
  },
});

/** For each state: the events allowed and the state they lead to. */
const allowed: Record<CustomerDomainStateValue, Partial<Record<EventName, CustomerDomainStateValue>>> = {
  processing: { complete: 'completed', fail: 'failed', edit: 'processing' },
  completed: { edit: 'processing' },
  failed: { edit: 'processing' },
};

/** For each state: the message of every refused event. */
const refusals: Record<CustomerDomainStateValue, Partial<Record<EventName, string>>> = {
  processing: {
    completeByStaff: DomainWorkflowMsg.forbidden,
    failNoReason: DomainWorkflowMsg.failReasonRequired,
    failByStaff: DomainWorkflowMsg.forbidden,
    editSame: DomainWorkflowMsg.unchanged,
    editInvalid: DomainWorkflowMsg.domainInvalid,
    editByOperator: DomainWorkflowMsg.forbidden,
  },
  completed: {
    complete: DomainWorkflowMsg.alreadyCompleted,
    completeByStaff: DomainWorkflowMsg.forbidden,
    fail: DomainWorkflowMsg.alreadyCompleted,
    failNoReason: DomainWorkflowMsg.alreadyCompleted,
    failByStaff: DomainWorkflowMsg.forbidden,
    editSame: DomainWorkflowMsg.unchanged,
    editInvalid: DomainWorkflowMsg.domainInvalid,
    editByOperator: DomainWorkflowMsg.forbidden,
  },
  failed: {
    complete: DomainWorkflowMsg.alreadyFailed,
    completeByStaff: DomainWorkflowMsg.forbidden,
    fail: DomainWorkflowMsg.alreadyFailed,
    failNoReason: DomainWorkflowMsg.alreadyFailed,
    failByStaff: DomainWorkflowMsg.forbidden,
    editSame: DomainWorkflowMsg.unchanged,
    editInvalid: DomainWorkflowMsg.domainInvalid,
    editByOperator: DomainWorkflowMsg.forbidden,
  },
};

describe('the customer domain machine', () => {
  const states = Object.keys(allowed) as CustomerDomainStateValue[];
  const cases = states.flatMap((state) => (Object.keys(events) as EventName[]).map((name) => [state, name] as const));

  it.each(cases)('in %s, %s', (state, name) => {
    const outcome = applyDomainEvent(startOf(state), events[name]);
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

describe('customer domain context', () => {
  it('starts processing with the normalised domain', () => {
    expect(initialDomainState(' HTTPS://Val.Example.COM/ ')).toEqual({
      value: 'processing',
      context: { domain: 'val.example.com', serverIp: null, failReason: null },
    });
  });

  it('records the server IP on completion and the reason on failure', () => {
    expect(applyDomainEvent(startOf('processing'), events.complete)).toEqual({
      ok: true,
      next: { value: 'completed', context: { domain: 'val.example.com', serverIp: '10.0.0.8', failReason: null } },
    });
    expect(applyDomainEvent(startOf('processing'), { type: 'COMPLETE', actor: operator })).toMatchObject({
      ok: true,
      next: { context: { serverIp: null } },
    });
    expect(applyDomainEvent(startOf('processing'), events.fail)).toEqual({
      ok: true,
      next: { value: 'failed', context: { domain: 'val.example.com', serverIp: null, failReason: '域名未备案' } },
    });
  });

  it('replaces the domain on edit and clears the outcome of the old one', () => {
    for (const state of ['failed', 'completed'] as const) {
      expect(applyDomainEvent(startOf(state), events.edit)).toEqual({
        ok: true,
        next: { value: 'processing', context: { domain: 'new.example.com', serverIp: null, failReason: null } },
      });
    }
  });

  it('gives the specification state codes', () => {
    expect((['processing', 'completed', 'failed'] as const).map(domainStateCode)).toEqual([1, 2, 3]);
    expect([1, 2, 3, 4].map(domainStateValue)).toEqual(['processing', 'completed', 'failed', null]);
  });
});
