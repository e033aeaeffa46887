import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export enum OrganizationStatus {
  Active = 1,
  Deleted = 3,
}

/**
 * A customer company (parentId null) or one of its sub-organisations.
 * `path` is the materialised path of ids from the company down, e.g. "/3/7/", for subtree queries.
 */
@Entity('organization')
@Index(['tenantId', 'path'])
export class OrganizationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column()
  tenantId: number;

  @Column({ type: 'int', nullable: true })
  parentId: number | null;

  /** Id of the customer company (the root); equals id for the root itself. */
  @Index()
  @Column({ type: 'int' })
  companyId: number;

  @Column({ length: 512 })
  path: string;

  @Column({ length: 50 })
  name: string;

  @Column({ type: 'int', nullable: true })
  categoryId: number | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  provinceCode: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  provinceName: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  cityCode: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  cityName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  address: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  socialCode: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  contact: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  contactNumber: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  fax: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  department: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  position: string | null;

  /** Comma-separated business types, e.g. 按揭贷款,其他贷款. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  businessType: string | null;

  /** Object-storage key of the business licence image. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  licenseKey: string | null;

  /** 押品重估计费, on the company (the root): its revaluation runs use one valuation count per asset. */
  @Column({ type: 'boolean', default: false })
  revalCharge: boolean;

  @Column({ type: 'smallint', default: OrganizationStatus.Active })
  status: OrganizationStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
