import type { DeepPartial, EntityManager, EntityTarget, FindOptionsOrder, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { WorkflowActorPopulation, WorkflowHistoryColumns } from '@valuation/persistence';

/** Who makes a transition, as its history row names them. */
export interface WorkflowActorRef {
  population: WorkflowActorPopulation;
  id: number;
  name: string;
}

/** A row a workflow machine moves: its state value and context, and a version that grows with every transition. */
export interface WorkflowRow extends ObjectLiteral {
  id: string | number;
  machineState: string;
  context: object;
  version: number;
}

/** A stored machine state of such a row. */
export interface StoredMachineState<T extends WorkflowRow> {
  value: T['machineState'];
  context: T['context'];
}

/** The machine's answer to an event: the next state, or why the event is refused. */
export type MachineOutcome<T extends WorkflowRow> = { ok: true; next: StoredMachineState<T> } | { ok: false; message: string };

export interface WorkflowEvent {
  type: string;
  actor: WorkflowActorRef;
}

/** One step of a history: the event, who, and what it changed. */
export interface WorkflowStep {
  event: string;
  actor: WorkflowActorRef;
  data: Record<string, unknown>;
}

/** The subject changed since the actor read it (or since this transaction read it); nothing was written. */
export class WorkflowConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkflowConflictError';
  }
}

/** The machine does not allow the event in the subject's state (or to this actor); nothing was written. */
export class WorkflowRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkflowRefusedError';
  }
}

export interface WorkflowDefinition<T extends WorkflowRow, H extends WorkflowHistoryColumns, E extends WorkflowEvent> {
  rows: EntityTarget<T>;
  history: EntityTarget<H>;
  /** The history column that names the row (applicationId, domainId). */
  subjectColumn: Exclude<keyof H, keyof WorkflowHistoryColumns> & string;
  /** The machine: the only authority on which events a state allows. */
  transition: (current: StoredMachineState<T>, event: E) => MachineOutcome<T>;
  /** Columns that follow from a state besides the machine's own (the specification's state code). */
  stateColumns: (state: StoredMachineState<T>) => QueryDeepPartialEntity<T>;
  /** What an event changed, for its history row. */
  data: (before: StoredMachineState<T>, after: StoredMachineState<T>, event: E) => Record<string, unknown>;
  /** The message of a conflict. */
  conflictMessage: string;
  /**
   * Events that keep the version (a reader's marker): they are no news to anyone else, so they must
   * not turn another actor's next step into a conflict. Rows are then read under a row lock before
   * a transition, so that such an event and another transition never overwrite each other.
   */
  keepsVersion?: (event: E) => boolean;
}

export interface ApplyOptions<T extends WorkflowRow> {
  /** The version the actor saw; when the row changed since, the event is not applied and WorkflowConflictError is thrown. */
  expectedVersion?: number;
  /** Further columns the transition writes (timestamps, names), from the next state. */
  columns?: (next: StoredMachineState<T>) => QueryDeepPartialEntity<T>;
}

/**
 * Persists a workflow machine's rows with a version and a history: creating a row and every
 * transition write one history row (who, when, the event, the state before and after, what
 * changed) in the caller's transaction, and a transition only applies to the version it read.
 * Of two actors acting at once, one wins and the other gets WorkflowConflictError; an event the
 * machine refuses throws WorkflowRefusedError with the machine's message. Either way nothing is
 * written.
 */
export class VersionedWorkflow<T extends WorkflowRow, H extends WorkflowHistoryColumns, E extends WorkflowEvent> {
  constructor(private readonly def: WorkflowDefinition<T, H, E>) {}

  /** Stores a new row at version 1 with the history row of its creation. */
  async create(m: EntityManager, row: DeepPartial<T>, step: WorkflowStep): Promise<T> {
    const repo = m.getRepository(this.def.rows);
    const saved = await repo.save(repo.create({ ...row, version: 1 }));
    await this.record(m, saved.id, step, null, saved.machineState);
    return saved;
  }

  /**
   * Applies an event to `current`, a row read in this transaction (under a row lock when some
   * events keep the version). The update names the version read, so a concurrent transition that
   * committed first makes this one a conflict.
   */
  async apply(m: EntityManager, current: T, event: E, options: ApplyOptions<T> = {}): Promise<T> {
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version)
      throw new WorkflowConflictError(this.def.conflictMessage);
    const before: StoredMachineState<T> = { value: current.machineState, context: current.context };
    const outcome = this.def.transition(before, event);
    if (!outcome.ok) throw new WorkflowRefusedError(outcome.message);
    const next = outcome.next;
    const keepsVersion = this.def.keepsVersion?.(event) ?? false;
    // An event that keeps the version (a read marker) keeps the row's update time too.
    const updatedAt = (current as { updatedAt?: Date }).updatedAt;
    const changes = {
      ...options.columns?.(next),
      ...this.def.stateColumns(next),
      machineState: next.value,
      context: next.context,
      version: keepsVersion ? current.version : current.version + 1,
      ...(keepsVersion && updatedAt ? { updatedAt } : {}),
    } as QueryDeepPartialEntity<T>;
    const result = await m
      .createQueryBuilder()
      .update(this.def.rows)
      .set(changes)
      .where('id = :id AND version = :version', { id: current.id, version: current.version })
      .execute();
    if (result.affected !== 1) throw new WorkflowConflictError(this.def.conflictMessage);
    await this.record(
      m,
      current.id,
      { event: event.type, actor: event.actor, data: this.def.data(before, next, event) },
      before.value,
      next.value,
    );
    return m.getRepository(this.def.rows).findOneByOrFail({ id: current.id } as FindOptionsWhere<T>);
  }

  /** Why the machine would refuse the event in the row's state, or null when it allows it; nothing is written. */
  refusal(current: T, event: E): string | null {
    const outcome = this.def.transition({ value: current.machineState, context: current.context }, event);
    return outcome.ok ? null : outcome.message;
  }

  /** The history of a row, oldest first. */
  historyOf(m: EntityManager, id: T['id']): Promise<H[]> {
    return m
      .getRepository(this.def.history)
      .find({ where: { [this.def.subjectColumn]: id } as FindOptionsWhere<H>, order: { id: 'ASC' } as FindOptionsOrder<H> });
  }

  private async record(m: EntityManager, id: T['id'], step: WorkflowStep, from: string | null, to: string): Promise<void> {
    const history = m.getRepository(this.def.history);
    const row = history.create({
      event: step.event,
      fromState: from,
      toState: to,
      actorPopulation: step.actor.population,
      actorId: step.actor.id,
      actorName: step.actor.name.slice(0, 50),
      data: step.data,
    } as DeepPartial<H>);
    await history.save(Object.assign(row, { [this.def.subjectColumn]: id }));
  }
}
