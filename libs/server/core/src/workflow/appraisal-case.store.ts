import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  businessNow,
  caseDueAt,
  caseStateCode,
  dateStamp,
  WorkflowMsg,
  type AppraisalCaseEvent,
  type AppraisalCaseKind,
  type CaseActor,
} from '@valuation/domain';
import { applyCaseEvent, initialCaseState } from '@valuation/domain/machines';
import { AppraisalCaseEntity, AppraisalCaseHistoryEntity } from '@valuation/persistence';

/** The event is not allowed in the case's state (or to this actor); nothing changed. */
export class CaseRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaseRefusedError';
  }
}

/** Someone changed the case since it was read; nothing changed. */
export class CaseConflictError extends Error {
  constructor() {
    super(WorkflowMsg.conflict);
    this.name = 'CaseConflictError';
  }
}

export class CaseNotFoundError extends Error {
  constructor() {
    super(WorkflowMsg.notFound);
    this.name = 'CaseNotFoundError';
  }
}

const PREFIX: Readonly<Record<AppraisalCaseKind, string>> = { artificial: 'RG', review: 'FP', objection: 'YY' };

/** Case numbers: RG (manual enquiry), FP (re-appraisal) or YY (objection), the date, then eight random digits. */
export function newCaseNo(kind: AppraisalCaseKind, on = businessNow()): string {
  const date = dateStamp(on);
  return `${PREFIX[kind]}${date}${Array.from({ length: 8 }, () => randomInt(10)).join('')}`;
}

/** What a request stores besides the workflow columns. */
export type NewCase = Omit<
  AppraisalCaseEntity,
  | 'id'
  | 'caseNo'
  | 'machineState'
  | 'context'
  | 'state'
  | 'version'
  | 'reviewTotalPrice'
  | 'reviewUnitPrice'
  | 'reviewReply'
  | 'refuseReason'
  | 'reviewedAt'
  | 'dueAt'
  | 'createdAt'
  | 'updatedAt'
  | 'source'
> & { /** 1 PC (the default), 2 APP, 3 WeChat. */ source?: number };

/** The columns an event writes besides the state. */
function eventColumns(event: AppraisalCaseEvent): Partial<AppraisalCaseEntity> {
  switch (event.type) {
    case 'ANSWER':
      return {
        reviewTotalPrice: event.totalPrice === undefined ? null : event.totalPrice.toFixed(2),
        reviewUnitPrice: event.unitPrice === undefined ? null : event.unitPrice.toFixed(2),
        reviewReply: event.reply,
        refuseReason: null,
        reviewedAt: new Date(),
      };
    case 'REFUSE':
      return { refuseReason: event.reason, reviewReply: null, reviewTotalPrice: null, reviewUnitPrice: null, reviewedAt: new Date() };
    default:
      return {};
  }
}

function eventData(event: AppraisalCaseEvent): Record<string, unknown> {
  const { type: _type, actor: _actor, ...data } = event;
  return data;
}

/**
 * Stores appraisal cases and moves them only through their machine: each transition is one
 * transaction that checks the version read, writes the new state and records the history row.
 */
@Injectable()
export class AppraisalCaseStore {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Files a new case (pending) with its SUBMIT history row, in the caller's transaction. */
  async create(m: EntityManager, input: NewCase, actor: CaseActor): Promise<AppraisalCaseEntity> {
    const now = new Date();
    const initial = initialCaseState(input.kind, input.accountId);
    const row = m.getRepository(AppraisalCaseEntity).create({
      ...input,
      caseNo: newCaseNo(input.kind, now),
      machineState: initial.value,
      context: initial.context,
      state: caseStateCode(initial.value),
      version: 1,
      dueAt: caseDueAt(input.kind, now),
    });
    const saved = await m.getRepository(AppraisalCaseEntity).save(row);
    await this.history(m, saved.id, 'SUBMIT', null, saved.machineState, actor, {});
    return saved;
  }

  /**
   * Applies an event to the case of this tenant. `expectedVersion` is the version the actor saw;
   * when the case changed since, nothing is written and CaseConflictError is thrown. Without it the
   * version read here is used, so two concurrent events still cannot both apply.
   */
  async apply(caseId: string, tenantId: number, event: AppraisalCaseEvent, expectedVersion?: number): Promise<AppraisalCaseEntity> {
    return this.ds.transaction(async (m) => {
      const current = await m.getRepository(AppraisalCaseEntity).findOneBy({ id: caseId, tenantId });
      if (!current) throw new CaseNotFoundError();
      if (expectedVersion !== undefined && expectedVersion !== current.version) throw new CaseConflictError();
      const outcome = applyCaseEvent(current.kind, { value: current.machineState, context: current.context }, event);
      if (!outcome.ok) throw new CaseRefusedError(outcome.message);
      const changes = {
        ...eventColumns(event),
        machineState: outcome.next.value,
        context: outcome.next.context,
        state: caseStateCode(outcome.next.value),
        version: current.version + 1,
      };
      const result = await m
        .createQueryBuilder()
        .update(AppraisalCaseEntity)
        .set(changes)
        .where('id = :id AND version = :version', { id: caseId, version: current.version })
        .execute();
      if (result.affected !== 1) throw new CaseConflictError();
      await this.history(m, caseId, event.type, current.machineState, outcome.next.value, event.actor, eventData(event));
      return Object.assign(current, changes);
    });
  }

  /** Answered (or refused) cases of a kind that their requester has not read yet. */
  unreadCount(kind: AppraisalCaseKind, tenantId: number, accountId: number): Promise<number> {
    return this.ds
      .getRepository(AppraisalCaseEntity)
      .createQueryBuilder('c')
      .where(`c.kind = :kind AND c.tenantId = :tenantId AND c.accountId = :accountId AND c.state IN (2, 3)`, { kind, tenantId, accountId })
      .andWhere(`COALESCE((c.context ->> 'read')::boolean, false) = false`)
      .getCount();
  }

  /** The transitions of a case, oldest first. */
  historyOf(caseId: string): Promise<AppraisalCaseHistoryEntity[]> {
    return this.ds.getRepository(AppraisalCaseHistoryEntity).find({ where: { caseId }, order: { id: 'ASC' } });
  }

  private async history(
    m: EntityManager,
    caseId: string,
    event: string,
    from: string | null,
    to: string,
    actor: CaseActor,
    data: Record<string, unknown>,
  ) {
    await m.query(
      `INSERT INTO appraisal_case_history (case_id, event, from_state, to_state, actor_population, actor_id, actor_name, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
      [caseId, event, from, to, actor.population, actor.id, actor.name.slice(0, 50), JSON.stringify(data)],
    );
  }
}
