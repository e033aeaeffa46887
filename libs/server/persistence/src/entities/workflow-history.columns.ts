import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/** Who acts on a workflow: a customer user, tenant staff or the platform operator. */
export type WorkflowActorPopulation = 'user' | 'tenant' | 'operator';

/**
 * Columns of a workflow history table: one row per transition with who made it, when, the event,
 * the state before and after (before is null for the row that creates the subject) and what the
 * event changed. Each table adds the column naming its subject.
 */
export abstract class WorkflowHistoryColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ length: 16 })
  event: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  fromState: string | null;

  @Column({ length: 16 })
  toState: string;

  @Column({ type: 'varchar', length: 8 })
  actorPopulation: WorkflowActorPopulation;

  /** The account, the staff member, or 0 for the platform operator. */
  @Column()
  actorId: number;

  @Column({ length: 50 })
  actorName: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
