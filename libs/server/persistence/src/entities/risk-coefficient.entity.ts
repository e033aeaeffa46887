import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A customer company's risk coefficient (0..1) for a region (province, optionally city and
 * district) and a set of business types; the risk-adjusted value is the market value times it.
 */
@Entity('risk_coefficient')
@Index(['tenantId', 'companyId', 'provinceCode', 'cityCode', 'distCode'])
export class RiskCoefficientEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column({ length: 6 })
  provinceCode: string;

  @Column({ type: 'varchar', length: 6, nullable: true })
  cityCode: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  distCode: string | null;

  /** Business type ids the coefficient applies to; empty means every business. */
  @Column({ type: 'int', array: true, default: () => "'{}'" })
  businessIds: number[];

  @Column({ type: 'numeric', precision: 4, scale: 2 })
  priceCoefficient: string;

  @Column({ type: 'int', nullable: true })
  updateBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  updateName: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updateTime: Date;
}
