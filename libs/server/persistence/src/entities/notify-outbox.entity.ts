import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type NotifyChannel = 'sms' | 'webhook';

/**
 * pending: written, not yet handed to the queue; queued: a notify.deliver job was added;
 * delivered, failed (retries exhausted or refused target) and skipped (channel disabled) are final.
 */
export type NotifyOutboxStatus = 'pending' | 'queued' | 'delivered' | 'failed' | 'skipped';

/**
 * One notification to send on one channel, written in the transaction of the change it reports
 * and delivered afterwards by the worker.
 */
@Entity('notify_outbox')
@Index(['status', 'id'])
@Index(['tenantId', 'organizationId', 'createdAt'])
export class NotifyOutboxEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  tenantId: number;

  @Column()
  organizationId: number;

  /** What happened, e.g. batch.finished; also the X-Valuation-Event header of the webhook. */
  @Column({ length: 50 })
  kind: string;

  @Column({ type: 'varchar', length: 10 })
  channel: NotifyChannel;

  /** Mobile number for sms; null for webhook (the URL is read from the setting when sending). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  /** Organisation whose webhook setting applies (the organisation itself or its nearest ancestor with one). */
  @Column({ type: 'int', nullable: true })
  settingOrganizationId: number | null;

  /** The row this one sends again (a resend from the delivery log); null for a first sending. */
  @Column({ type: 'bigint', nullable: true })
  resendOf: string | null;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: NotifyOutboxStatus;

  /** Delivery attempts made so far. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  queuedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
