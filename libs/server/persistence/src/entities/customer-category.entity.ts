import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A channel's category of customer companies (银行, 小贷公司...); organization.category_id names it. */
@Entity('customer_category')
export class CustomerCategoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column()
  tenantId: number;

  @Column({ length: 20 })
  name: string;

  @Column({ length: 100, default: '' })
  remark: string;

  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;

  @Column({ type: 'varchar', length: 20, default: '' })
  updatedName: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
