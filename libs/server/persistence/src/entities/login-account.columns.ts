import { Column, CreateDateColumn, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Columns shared by the two populations that log in: customer accounts and tenant staff. */
export abstract class LoginAccountColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column()
  tenantId: number;

  @Index({ unique: true })
  @Column({ length: 18 })
  loginUser: string;

  @Column({ length: 20 })
  userName: string;

  @Column({ length: 100 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 45, nullable: true })
  email: string | null;

  /** Phone numbers: digits and hyphens, several separated by commas; unique within the tenant. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  mobilePhone: string | null;

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
