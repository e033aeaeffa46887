import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { QuotaReservation } from './balance.entity';

/**
 * A batch valuation task: one uploaded spreadsheet. state 0 waits for the user to agree to use
 * nationwide counts (subCode 100), 1 valuing, 2 finished, 3 failed.
 */
@Entity('batch_task')
@Index(['tenantId', 'companyId', 'createdAt'])
@Index(['tenantId', 'accountId', 'createdAt'])
export class BatchTaskEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** Public identifier of the task (data.batchId of the upload answer). */
  @Index({ unique: true })
  @Column({ length: 32 })
  batchId: string;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  @Column({ length: 15 })
  taskName: string;

  /** The client the file was uploaded from: 1 PC, 2 APP, 3 WeChat (the records of its rows take it). */
  @Column({ type: 'smallint', default: 1 })
  source: number;

  /** Mobile number told when the task finishes; digits only. */
  @Column({ type: 'varchar', length: 13, nullable: true })
  recvPhone: string | null;

  /** Object key of the uploaded file in S3. */
  @Column({ length: 200 })
  fileKey: string;

  @Column({ length: 200 })
  fileName: string;

  @Column({ type: 'smallint' })
  state: number;

  /** Number of data rows (evalTotal). */
  @Column({ type: 'int' })
  evalTotal: number;

  /** Rows finished so far, whatever their outcome (progress). */
  @Column({ type: 'int', default: 0 })
  processed: number;

  @Column({ type: 'int', default: 0 })
  evalSuccess: number;

  /** Rows resolved to a community but without a value. */
  @Column({ type: 'int', default: 0 })
  evalFail: number;

  /** Rows whose address could not be resolved (item state 3). */
  @Column({ type: 'int', default: 0 })
  evalError: number;

  /** Sum of the valued total prices, in yuan (shown in 亿元). */
  @Column({ type: 'numeric', precision: 18, scale: 2, default: 0 })
  evalAmount: string;

  /**
   * Counts reserved for the task: per city package, then nationwide. Rows that end without a
   * value are refunded from these when the task finishes.
   */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  reservations: QuotaReservation[];

  @Column({ type: 'boolean', default: false })
  refunded: boolean;

  /** A loan book: each valued row becomes an asset carrying the loan of its row. */
  @Column({ type: 'boolean', default: false })
  book: boolean;

  /** Why a task failed (state 3). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  errorReason: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}

/**
 * One data row of a batch. state 0 waiting, 1 valued, 2 not valued, 3 address parse failed.
 * A row leaves state 0 exactly once (a conditional update), so a retried chunk never values or
 * charges it twice.
 */
@Entity('batch_item')
@Index(['taskId', 'rowNo'], { unique: true })
@Index(['taskId', 'state', 'rowNo'])
export class BatchItemEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'bigint' })
  taskId: string;

  /** Row number in the file, from 1 for the first data row. */
  @Column({ type: 'int' })
  rowNo: number;

  /** Chunk the row belongs to (one child job per chunk). */
  @Column({ type: 'int' })
  chunk: number;

  /** The row as read from the file, by template column key. */
  @Column({ type: 'jsonb' })
  input: Record<string, string>;

  @Column({ type: 'smallint', default: 0 })
  state: number;

  @Column({ type: 'varchar', length: 6, nullable: true })
  cityCode: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  cityName: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  distName: string | null;

  /** Community name or address from the file. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  location: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  haCode: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  haName: string | null;

  @Column({ type: 'smallint', nullable: true })
  propType: number | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  bldgArea: string | null;

  @Column({ type: 'int', nullable: true })
  floor: number | null;

  @Column({ type: 'int', nullable: true })
  bheight: number | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true })
  unitPrice: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  totalPrice: string | null;

  /** The valuation record of a valued row. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  evalCode: string | null;

  /** Why the row has no value (a validation message or the valuation's reason). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  error: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
