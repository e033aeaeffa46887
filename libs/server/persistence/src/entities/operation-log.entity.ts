import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Who did what and when; written by the audit worker. */
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
