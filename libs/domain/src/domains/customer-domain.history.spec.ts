import { DOMAIN_EVENT_LABELS, domainApplyData, domainEventData } from './customer-domain.history';
import { applyDomainEvent } from './customer-domain.machine';
import { initialDomainState, type CustomerDomainEvent, type StoredDomainState } from './customer-domain.state';

const staff = { population: 'tenant' as const, id: 4, name: '渠道管理员' };
const operator = { population: 'operator' as const, id: 0, name: '平台运维' };

function step(before: StoredDomainState, event: CustomerDomainEvent): { after: StoredDomainState; data: Record<string, unknown> } {
  const outcome = applyDomainEvent(before, event);
  if (!outcome.ok) throw new Error(outcome.message);
  return { after: outcome.next, data: domainEventData(before, outcome.next, event) };
}

describe('customer domain history', () => {
  it('names every step', () => {
    expect(DOMAIN_EVENT_LABELS).toEqual({ APPLY: '申请域名', EDIT: '修改域名', COMPLETE: '处理完成', FAIL: '处理失败' });
  });

  it('keeps what each step changed: the domain before and after an edit, the server IP, the reason of a failure', () => {
    expect(domainApplyData({ domain: 'a.example.com', companyId: 7 })).toEqual({ domain: 'a.example.com', companyId: 7 });
    const applied = initialDomainState('a.example.com');
    const failed = step(applied, { type: 'FAIL', actor: operator, reason: ' 未备案 ' });
    expect(failed.data).toEqual({ domain: 'a.example.com', reason: '未备案' });
    const edited = step(failed.after, { type: 'EDIT', actor: staff, domain: 'B.example.com' });
    expect(edited.data).toEqual({ from: 'a.example.com', domain: 'b.example.com' });
    expect(step(edited.after, { type: 'COMPLETE', actor: operator, serverIp: '10.0.0.8' }).data).toEqual({
      domain: 'b.example.com',
      serverIp: '10.0.0.8',
    });
  });
});
