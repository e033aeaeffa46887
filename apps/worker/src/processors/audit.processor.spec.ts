import { UnrecoverableError } from 'bullmq';
import { QUEUE_NAMES, type AuditRecordPayload } from '@valuation/contracts';
import { describeJobProcessor, findJobHandlerProblems } from '@valuation/queue';
import { parseAuditRecordPayload } from './audit.processor';
import { WORKER_PROCESSORS } from '.';

const valid: AuditRecordPayload = {
  eventKey: '4f8b1c1e-2f7a-4d37-9c55-1f0c9e0d2a11',
  tenantId: 1,
  population: 'user',
  actorId: 42,
  actorLogin: 'zhangsan',
  actorName: '张三',
  action: '登录',
  detail: '',
  ip: '10.0.0.8',
  at: '2025-03-01T08:30:00.000Z',
};

describe('worker processors', () => {
  it('handle every job name of every queue exactly once', () => {
    expect(findJobHandlerProblems(QUEUE_NAMES, WORKER_PROCESSORS.map(describeJobProcessor))).toEqual([]);
  });
});

describe('parseAuditRecordPayload', () => {
  it('accepts a complete payload and drops unknown fields', () => {
    expect(parseAuditRecordPayload({ ...valid, extra: 1 })).toEqual(valid);
  });

  it('accepts a time with an offset', () => {
    expect(parseAuditRecordPayload({ ...valid, at: '2025-03-01T16:30:00+08:00' }).at).toBe('2025-03-01T16:30:00+08:00');
  });

  it('rejects a malformed payload without retry, naming each bad field', () => {
    let thrown: unknown;
    try {
      parseAuditRecordPayload({
        ...valid,
        tenantId: '1',
        population: 'admin',
        at: 'yesterday',
        actorLogin: 'x'.repeat(19),
        eventKey: undefined,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnrecoverableError);
    const message = thrown instanceof Error ? thrown.message : '';
    expect(message).toMatch(/^invalid audit\.record payload: /);
    for (const field of ['eventKey', 'tenantId', 'population', 'actorLogin', 'at']) expect(message).toContain(`${field}: `);
    expect(message).not.toContain('actorName');
  });

  it('rejects data that is not an object', () => {
    expect(() => parseAuditRecordPayload('audit')).toThrow('invalid audit.record payload: (payload): ');
  });
});
