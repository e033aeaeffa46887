import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A channel (reseller). Every tenant-owned row carries its id. */
@Entity('tenant')
export class TenantEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ length: 32 })
  code: string;

  @Column({ length: 100 })
  name: string;

  /** 0 active, 1 suspended. */
  @Column({ type: 'smallint', default: 0 })
  status: number;

  /** Enabled valuation methods (comma-separated method numbers); null means the platform default. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  evalFlags: string | null;

  /** Minimum confidence class A, B or C; null means the platform default. */
  @Column({ type: 'varchar', length: 1, nullable: true })
  evalClass: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
