import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Counts an account holds from one order: valuations in the cities of a city-annual order, or
 * nationwide valuations, advisory or inquiry report copies. Usable between its effective and expiry
 * dates (business days, both included). A package an organisation allocated points at the package
 * it was taken from. `remaining` equals the sum of the package's ledger rows.
 */
@Entity('balance_package')
@Index(['accountId', 'kind', 'expireDate'])
@Check('"remaining" >= 0')
export class BalancePackageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  accountId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: LedgerKind;

  /** The cities of a city-annual package; empty for the other kinds. */
  @Column({ type: 'varchar', length: 12, array: true, default: () => "'{}'" })
  cityCodes: string[];

  /** City names joined by 、. */
  @Column({ type: 'text', default: '' })
  cityNames: string;

  /** Counts the package was credited with. */
  @Column({ default: 0 })
  granted: number;

  @Column({ default: 0 })
  remaining: number;

  @Column({ type: 'date' })
  effectiveDate: string;

  @Column({ type: 'date' })
  expireDate: string;

  /** The order the counts were bought with (an allocated package keeps its source's order). */
  @Index()
  @Column({ type: 'int', nullable: true })
  orderId: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  orderNo: string | null;

  /** The package an organisation allocated these counts from. */
  @Index()
  @Column({ type: 'int', nullable: true })
  sourcePackageId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

export type LedgerKind = 'city' | 'universal' | 'advisory' | 'inquiry';
export type LedgerReason = 'order' | 'allocate' | 'revoke' | 'consume' | 'refund';

/**
 * Valuation counts reserved up front for work valued later (a batch task, a revaluation run): how
 * many were taken from one package, for one city (null for nationwide counts).
 */
export interface QuotaReservation {
  kind: 'city' | 'universal';
  packageId: number;
  cityCode: string | null;
  count: number;
}

/** Append-only: every change of a balance is one row here, written in the same transaction. */
@Entity('balance_ledger')
@Index(['accountId', 'createdAt'])
@Index(['refType', 'refId'])
export class BalanceLedgerEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  tenantId: number;

  @Column()
  accountId: number;

  @Column({ type: 'varchar', length: 10 })
  kind: LedgerKind;

  /** The package changed. */
  @Index()
  @Column({ type: 'int' })
  packageId: number;

  @Column()
  delta: number;

  @Column()
  balanceAfter: number;

  @Column({ type: 'varchar', length: 10 })
  reason: LedgerReason;

  /** What caused the change: order, allocation, rapid, batch, advisory, inquiry... */
  @Column({ type: 'varchar', length: 20, nullable: true })
  refType: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  refId: string | null;

  /** Who made the change: the channel staff member for an order, otherwise the account that acted. */
  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** A purchase, or a channel's allocation, credited to a customer account. */
@Entity('balance_order')
@Index(['tenantId', 'createdAt'])
export class BalanceOrderEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ length: 32 })
  orderNo: string;

  @Column()
  tenantId: number;

  @Index()
  @Column()
  accountId: number;

  @Column({ default: 0 })
  companyId: number;

  @Column({ length: 6 })
  productCode: string;

  @Column({ length: 30 })
  productName: string;

  @Column({ type: 'smallint' })
  buyModeCode: number;

  @Column({ length: 20 })
  buyModeName: string;

  /** City names joined by 、; empty means nationwide. */
  @Column({ type: 'text', default: '' })
  buyScope: string;

  @Column({ default: 0 })
  evalCount: number;

  @Column({ default: 0 })
  reportCount: number;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  orderPrice: string;

  @Column({ type: 'date' })
  effectiveDate: string;

  @Column({ type: 'date' })
  expireDate: string;

  /** 1 user purchase, 2 added by an administrator. */
  @Column({ type: 'smallint', default: 2 })
  orderFrom: number;

  @Column({ type: 'varchar', length: 200, nullable: true })
  remark: string | null;

  /** 0 pending, 1 effective, 2 expired: set when placed and moved at business midnight. */
  @Column({ type: 'smallint', default: 1 })
  state: number;

  /** The channel staff account that added the order. */
  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** The four counts an organisation hands on: city-annual, nationwide, advisory and inquiry. */
abstract class AllocationCountColumns {
  @Column({ default: 0 })
  annuallyCount: number;

  @Column({ default: 0 })
  universalCount: number;

  @Column({ default: 0 })
  advisoryCount: number;

  @Column({ default: 0 })
  inquiryCount: number;
}

/** An organisation administrator's allocation to, or revoke from, an account: the counts moved (negative for a revoke). */
@Entity('balance_allocation')
@Index(['tenantId', 'companyId', 'createdAt'])
export class BalanceAllocationEntity extends AllocationCountColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ length: 32 })
  allocNo: string;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** 1 allocate, 2 revoke. */
  @Column({ type: 'smallint' })
  action: number;

  /** The account whose balance grew (allocate) or shrank (revoke). */
  @Index()
  @Column()
  accountId: number;

  @Column()
  createdBy: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** The counts an organisation's allocation dialog starts with. */
@Entity('balance_default')
export class BalanceDefaultEntity extends AllocationCountColumns {
  @PrimaryColumn()
  companyId: number;

  @Column()
  tenantId: number;

  @Column()
  updatedBy: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A channel's price list: per buy mode the counts of one unit and its price in yuan. */
@Entity('tenant_price')
export class TenantPriceEntity {
  @PrimaryColumn()
  tenantId: number;

  @PrimaryColumn({ type: 'smallint' })
  buyMode: number;

  @Column()
  unit: number;

  @Column({ type: 'numeric', precision: 14, scale: 2, default: 0 })
  price: string;
}
