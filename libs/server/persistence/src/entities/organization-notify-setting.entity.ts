import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Where an organisation's notifications are posted. Sub-organisations without one use their nearest ancestor's. */
@Entity('organization_notify_setting')
@Index(['organizationId'], { unique: true })
export class OrganizationNotifySettingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column()
  organizationId: number;

  /** http(s) URL receiving the webhook posts; null when none. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  webhookUrl: string | null;

  /** HMAC-SHA256 key of the X-Valuation-Signature header, kept as given because it signs. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  webhookSecret: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
