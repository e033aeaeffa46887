import type { CustomerDomainEvent, StoredDomainState } from './customer-domain.state';

/** The steps a domain application's history records: the application, then every event of the domain machine. */
export type DomainHistoryEvent = 'APPLY' | CustomerDomainEvent['type'];

export const DOMAIN_EVENT_LABELS: Readonly<Record<DomainHistoryEvent, string>> = {
  APPLY: '申请域名',
  EDIT: '修改域名',
  COMPLETE: '处理完成',
  FAIL: '处理失败',
};

/** What the application recorded: the domain and the customer company. */
export function domainApplyData(a: { domain: string; companyId: number }): Record<string, unknown> {
  return { domain: a.domain, companyId: a.companyId };
}

/** What a transition changed, from the state before it to the state after: the domain, the server IP or the reason of a failure. */
export function domainEventData(before: StoredDomainState, after: StoredDomainState, event: CustomerDomainEvent): Record<string, unknown> {
  switch (event.type) {
    case 'EDIT':
      return { from: before.context.domain, domain: after.context.domain };
    case 'COMPLETE':
      return { domain: after.context.domain, serverIp: after.context.serverIp };
    case 'FAIL':
      return { domain: after.context.domain, reason: after.context.failReason };
  }
}
