import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A tenant's (companyId null) or a customer company's choice for one configurable field of the
 * valuation form. Fields without a row use the defaults of libs/domain.
 */
@Entity('eval_field_setting')
@Index(['tenantId', 'fieldKey'], { unique: true, where: 'company_id IS NULL' })
@Index(['tenantId', 'companyId', 'fieldKey'], { unique: true, where: 'company_id IS NOT NULL' })
export class EvalFieldSettingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column({ type: 'int', nullable: true })
  companyId: number | null;

  @Column({ length: 20 })
  fieldKey: string;

  @Column()
  display: boolean;

  @Column()
  required: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
