import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Branding. companyId null: the tenant's own configuration (channel site, and the default of its
 * customers); companyId set: a customer company's override.
 */
@Entity('site_config')
@Index(['tenantId'], { unique: true, where: 'company_id IS NULL' })
@Index(['tenantId', 'companyId'], { unique: true, where: 'company_id IS NOT NULL' })
export class SiteConfigEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column({ type: 'int', nullable: true })
  companyId: number | null;

  @Column({ length: 50 })
  productName: string;

  @Column({ length: 50, default: '' })
  companyName: string;

  @Column({ length: 500, default: '' })
  companyProfile: string;

  @Column({ length: 100, default: '' })
  address: string;

  @Column({ length: 50, default: '' })
  contact: string;

  @Column({ length: 50, default: '' })
  email: string;

  @Column({ length: 40, default: 'rgba(28, 126, 214, 1)' })
  themeColor: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  logoKey: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  backgroundKey: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
