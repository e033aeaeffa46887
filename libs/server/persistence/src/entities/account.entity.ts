import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A customer account: logs in on the ordinary login and belongs to one organisation. */
@Entity('account')
@Index(['mobilePhone'], { unique: true, where: 'mobile_phone IS NOT NULL' })
export class AccountEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column()
  tenantId: number;

  @Index()
  @Column()
  organizationId: number;

  @Index()
  @Column()
  companyId: number;

  @Index({ unique: true })
  @Column({ length: 18 })
  loginUser: string;

  @Column({ length: 20 })
  userName: string;

  @Column({ length: 100 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 45, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  mobilePhone: string | null;

  /** 1 enterprise, 2 personal. */
  @Column({ type: 'smallint', default: 1 })
  userType: number;

  /** 0 enabled, 1 disabled. */
  @Column({ type: 'smallint', default: 0 })
  status: number;

  /** Last day the account may log in; null means no expiry. */
  @Column({ type: 'date', nullable: true })
  expireDate: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginTime: Date | null;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
