import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  CustomerDomainMsg,
  customerDomainCompleteSchema,
  customerDomainFailSchema,
  type CustomerDomainEvent,
  type DomainActor,
  DomainWorkflowMsg,
  normaliseDomain,
  validate,
} from '@valuation/domain';
import { CustomerDomainEntity, OperationLogEntity } from '@valuation/persistence';
import { WorkflowConflictError, WorkflowRefusedError } from '../workflow/versioned-workflow';
import { customerDomainWorkflow } from './customer-domain.workflow';

/** What a platform operator does with a domain application once the domain is (or cannot be) set up. */
export type OperatorDomainCommand =
  { action: 'complete'; domain: string; serverIp?: string | null } | { action: 'fail'; domain: string; reason: string };

export type OperatorDomainOutcome =
  | { ok: true; id: number; domain: string; state: 1 | 2 | 3; serverIp: string | null; failReason: string | null }
  | { ok: false; message: string };

const completeInput = customerDomainCompleteSchema.pick({ serverIp: true });
const failInput = customerDomainFailSchema.pick({ reason: true });

/**
 * Applies the operator's COMPLETE or FAIL to the application of a domain, as the domain machine
 * allows it, with a version check and a history row naming the operator; a refusal or a conflict
 * carries its message and changes nothing. The transition is written to the tenant's operation log
 * in the same transaction.
 */
export async function operateCustomerDomain(
  ds: DataSource,
  command: OperatorDomainCommand,
  actor: DomainActor,
): Promise<OperatorDomainOutcome> {
  const domain = normaliseDomain(command.domain);
  if (domain === null) return { ok: false, message: DomainWorkflowMsg.domainInvalid };

  let event: CustomerDomainEvent;
  if (command.action === 'complete') {
    const input = validate(completeInput, { serverIp: command.serverIp ?? undefined });
    if (!input.ok) return { ok: false, message: input.message };
    event = { type: 'COMPLETE', actor, serverIp: input.value.serverIp ?? null };
  } else {
    const input = validate(failInput, { reason: command.reason });
    if (!input.ok) return { ok: false, message: input.message };
    event = { type: 'FAIL', actor, reason: input.value.reason };
  }

  try {
    return await ds.transaction(async (m) => {
      const row = await m.getRepository(CustomerDomainEntity).findOneBy({ domain });
      if (!row) return { ok: false, message: CustomerDomainMsg.notFound };
      const saved = await customerDomainWorkflow.apply(m, row, event, { columns: () => ({ updatedByName: actor.name.slice(0, 50) }) });
      const detail =
        event.type === 'COMPLETE'
          ? `${saved.domain}${saved.context.serverIp ? `，服务器IP ${saved.context.serverIp}` : ''}`
          : `${saved.domain}，原因：${saved.context.failReason ?? ''}`;
      await m.getRepository(OperationLogEntity).insert({
        tenantId: saved.tenantId,
        population: actor.population,
        actorId: actor.id,
        actorLogin: actor.population,
        actorName: actor.name.slice(0, 20),
        action: event.type === 'COMPLETE' ? '域名处理完成' : '域名处理失败',
        detail: detail.slice(0, 500),
        ip: '',
        operateTime: new Date(),
        eventKey: randomUUID(),
      });
      return {
        ok: true,
        id: saved.id,
        domain: saved.domain,
        state: saved.state,
        serverIp: saved.context.serverIp,
        failReason: saved.context.failReason,
      };
    });
  } catch (error) {
    if (error instanceof WorkflowRefusedError || error instanceof WorkflowConflictError) return { ok: false, message: error.message };
    throw error;
  }
}
