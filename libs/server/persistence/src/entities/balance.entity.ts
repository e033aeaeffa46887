import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Counts an account holds that are not tied to a city. Kept equal to the sum of its ledger rows. */
@Entity('account_balance')
export class AccountBalanceEntity {
  @PrimaryColumn()
  accountId: number;

  @Index()
  @Column()
  tenantId: number;

  @Column({ default: 0 })
  universalCount: number;

  @Column({ default: 0 })
  advisoryCount: number;

  @Column({ default: 0 })
  inquiryCount: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A city-annual package: valuations in one city between two dates. */
@Entity('city_package')
@Index(['accountId', 'cityCode', 'expireDate'])
export class CityPackageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  accountId: number;

  @Column({ length: 12 })
  cityCode: string;

  @Column({ length: 50 })
  cityName: string;

  @Column({ default: 0 })
  remaining: number;

  @Column({ type: 'date' })
  effectiveDate: string;

  @Column({ type: 'date' })
  expireDate: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  orderNo: string | null;
}

export type LedgerKind = 'city' | 'universal' | 'advisory' | 'inquiry';
export type LedgerReason = 'order' | 'allocate' | 'revoke' | 'consume' | 'refund';

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

  @Column({ type: 'int', nullable: true })
  cityPackageId: number | null;

  @Column()
  delta: number;

  @Column()
  balanceAfter: number;

  @Column({ type: 'varchar', length: 10 })
  reason: LedgerReason;

  /** What caused the change: order, rapid, batch, report, ... */
  @Column({ type: 'varchar', length: 20, nullable: true })
  refType: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  refId: string | null;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** A purchase or allocation order credited to an account. */
@Entity('balance_order')
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
