import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An asset type of a customer company (住宅抵押, 商铺抵押...); assets have one or none. */
@Entity('asset_type')
@Index(['tenantId', 'companyId'])
export class AssetTypeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column({ length: 20 })
  name: string;

  @Column({ length: 100, default: '' })
  remark: string;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  createName: string | null;

  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  updateName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * A property a customer company keeps in its asset book, added from one of its valuation records.
 * It follows the property (the first valuation's code, shared by every re-valuation), so later
 * valuations and answered appraisals of the same property are its history. It is read within the
 * records' data range: its organisation and account are those of the record it was added from.
 */
@Entity('asset')
@Index(['tenantId', 'companyId', 'rootEvalCode'], { unique: true })
@Index(['tenantId', 'companyId', 'createdAt'])
@Index(['assetTypeId'])
@Index(['tenantId', 'companyId', 'loanNo'], { unique: true, where: 'loan_no IS NOT NULL' })
export class AssetEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** The organisation of the valuation record it was added from. */
  @Column()
  organizationId: number;

  /** The account that made the valuation record it was added from. */
  @Column()
  accountId: number;

  /** The valuation record it was added from. */
  @Column({ type: 'bigint' })
  evalRecordId: string;

  /** The property: the code of its first valuation (eval_record.root_eval_code). */
  @Column({ length: 32 })
  rootEvalCode: string;

  @Column({ type: 'int', nullable: true })
  assetTypeId: number | null;

  /** The account that added it. */
  @Column()
  addedBy: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  addedName: string;

  /** The loan the asset secures, if any: its number, the amount outstanding and the value at origination (yuan). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  loanNo: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  loanAmount: string | null;

  @Column({ type: 'date', nullable: true })
  loanDate: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  loanOriginValue: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
