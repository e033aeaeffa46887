import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { QuotaReservation } from './balance.entity';

/** A company's drift rule and revaluation schedule; a company without a row uses the defaults. */
@Entity('drift_rule')
export class DriftRuleEntity {
  @PrimaryColumn()
  tenantId: number;

  @PrimaryColumn()
  companyId: number;

  /** Alert when the value falls more than this percentage below the value at origination. */
  @Column({ type: 'smallint' })
  originDropPct: number;

  /** Alert when the value falls more than this percentage below the previous run's. */
  @Column({ type: 'smallint' })
  lastDropPct: number;

  /** Alert when the loan exceeds this percentage of the value. */
  @Column({ type: 'smallint' })
  maxLtvPct: number;

  /** Alert when the confidence class falls to C. */
  @Column({ type: 'boolean' })
  alertClassC: boolean;

  /** Months between scheduled runs. */
  @Column({ type: 'smallint' })
  scheduleMonths: number;

  @Column({ type: 'boolean' })
  scheduleEnabled: boolean;

  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A revaluation run: every asset of a company's book valued again by the engine; uncharged unless
 * the channel set the company's 押品重估计费, then one valuation count per asset is reserved when it
 * opens and the counts of the assets not valued are given back when it ends. The run keeps the
 * engine version and each item its request, so any run can be reproduced.
 * state 1 valuing, 2 finished, 3 failed; trigger 1 on demand, 2 scheduled.
 */
@Entity('reval_run')
@Index(['tenantId', 'companyId', 'createdAt'])
@Index(['state'])
@Index('UQ_reval_run_valuing', ['tenantId', 'companyId'], { unique: true, where: 'state = 1' })
export class RevalRunEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** The account that started it; null for a scheduled run. */
  @Column({ type: 'int', nullable: true })
  accountId: number | null;

  @Column({ type: 'varchar', length: 20, default: '' })
  accountName: string;

  @Column({ type: 'smallint' })
  trigger: number;

  @Column({ type: 'smallint' })
  state: number;

  @Column({ length: 20 })
  engineVersion: string;

  /** The rule the run applied, as it was when it started. */
  @Column({ type: 'jsonb' })
  rule: object;

  @Column({ type: 'int' })
  total: number;

  @Column({ type: 'int', default: 0 })
  processed: number;

  @Column({ type: 'int', default: 0 })
  valued: number;

  @Column({ type: 'int', default: 0 })
  alerts: number;

  /** Sum of the new values, in yuan. */
  @Column({ type: 'numeric', precision: 18, scale: 2, default: 0 })
  valueTotal: string;

  /** Sum of the loans outstanding of the valued assets, in yuan. */
  @Column({ type: 'numeric', precision: 18, scale: 2, default: 0 })
  loanTotal: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  errorReason: string | null;

  /** The account that pays for the run when its company is charged; null otherwise, or when there was nobody to pay. */
  @Column({ type: 'int', nullable: true })
  payerId: number | null;

  /** Counts reserved for the run: per city package, then nationwide; empty for an uncharged run. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  reservations: QuotaReservation[];

  /** Whether the counts of the assets not valued have been given back. */
  @Column({ type: 'boolean', default: false })
  refunded: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

/**
 * One asset of a run. state 0 waiting, 1 valued, 2 not valued; an item leaves state 0 exactly once
 * (a conditional update), so a retried or crashed chunk never values it twice.
 */
@Entity('reval_item')
@Index(['runId', 'assetId'], { unique: true })
@Index(['runId', 'chunk', 'state'])
@Index(['assetId'])
export class RevalItemEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'bigint' })
  runId: string;

  @Column()
  assetId: number;

  @Column({ type: 'int' })
  chunk: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column({ type: 'smallint', default: 0 })
  state: number;

  /** The organisation and account of the asset, for the data range. */
  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  /** The valuation request the engine was given (the asset's latest valuation's). */
  @Column({ type: 'jsonb' })
  input: object;

  @Column({ length: 6 })
  cityCode: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  distCode: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  haCode: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  haName: string | null;

  @Column({ type: 'smallint' })
  propType: number;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  bldgArea: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  loanNo: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  loanAmount: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  originValue: string | null;

  /** The value before this run: the previous run's, or the asset's latest valuation's. */
  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  prevValue: string | null;

  @Column({ type: 'varchar', length: 1, nullable: true })
  prevClass: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  totalPrice: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  unitPrice: string | null;

  @Column({ type: 'varchar', length: 1, nullable: true })
  confidenceClass: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  method: string | null;

  /** Loan to value in percent. */
  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true })
  ltv: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  valuedAt: Date | null;
}

/** A rule an asset broke in a run. */
@Entity('drift_alert')
@Index(['tenantId', 'companyId', 'createdAt'])
@Index(['runId'])
@Index(['assetId', 'createdAt'])
export class DriftAlertEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** The organisation and account of the asset, for the data range. */
  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  @Column({ type: 'bigint' })
  runId: string;

  @Column()
  assetId: number;

  /** originDrop, lastDrop, ltv or classC. */
  @Column({ length: 12 })
  kind: string;

  /** What was measured and the rule's limit, in percent. */
  @Column({ type: 'numeric', precision: 8, scale: 2 })
  actual: string;

  @Column({ type: 'numeric', precision: 8, scale: 2 })
  threshold: string;

  @Column({ length: 100 })
  message: string;

  /** When the alert was marked read for the company; null while unread. */
  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  /** The account that marked it read. */
  @Column({ type: 'int', nullable: true })
  readBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
