import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { FieldChanges } from '@valuation/domain';

/**
 * Who did what and when. Administrative changes are written in the transaction of the change, with
 * the record they changed and the changed fields before and after; other events (logins, exports,
 * settings) come through the audit worker.
 */
@Entity('operation_log')
@Index(['tenantId', 'createdAt'])
export class OperationLogEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  tenantId: number;

  /** user or tenant */
  @Column({ length: 10 })
  population: string;

  @Column()
  actorId: number;

  @Column({ length: 18 })
  actorLogin: string;

  @Column({ length: 20 })
  actorName: string;

  @Column({ length: 40 })
  action: string;

  @Column({ length: 500, default: '' })
  detail: string;

  /** Customer company of an organisation-side actor; null for channel staff. */
  @Column({ type: 'int', nullable: true })
  companyId: number | null;

  /** Kind of record the action changed (account, role, organization...), or empty. */
  @Column({ length: 40, default: '' })
  targetType: string;

  @Column({ length: 40, default: '' })
  targetId: string;

  /** The changed fields: { before: {...}, after: {...} }. */
  @Column({ type: 'jsonb', nullable: true })
  changes: FieldChanges | null;

  @Column({ length: 64, default: '' })
  ip: string;

  /** When the action happened (the job may be processed later). */
  @Column({ type: 'timestamptz' })
  operateTime: Date;

  /** Idempotency key: a retried job never writes the same log twice. */
  @Index({ unique: true })
  @Column({ length: 64 })
  eventKey: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
