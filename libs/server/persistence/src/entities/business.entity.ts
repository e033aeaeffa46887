import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A business type of a customer company (按揭贷款, 其他贷款...), chosen on the valuation form. */
@Entity('business')
@Index(['tenantId', 'companyId'])
export class BusinessEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column({ length: 20 })
  businessName: string;

  @Column({ length: 100, default: '' })
  businessRemark: string;

  /** Deleted types stay for the records that name them. */
  @Column({ default: false })
  deleted: boolean;

  @Column({ type: 'int', nullable: true })
  createBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  createName: string | null;

  @Column({ type: 'int', nullable: true })
  updateBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  updateName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createTime: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
