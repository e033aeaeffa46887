import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How many rows an organisation's count of one day and source is split over, at most. */
export const STAT_ORG_DAY_SLOTS = 16;

/**
 * The usage statistics' items counted per organisation, business day (Asia/Shanghai) and source,
 * one column per sub-method. Kept by the item tables' triggers (see the StatRollups migration), so
 * a total over months reads a few rows per organisation and day instead of every item. Each count
 * is split over up to STAT_ORG_DAY_SLOTS rows by `slot`, the writing connection's (see the
 * StatOrgDaySlots migration), so an organisation's concurrent writers do not queue on one row;
 * readers sum the slots.
 */
@Entity('stat_org_day')
export class StatOrgDayEntity {
  @PrimaryColumn()
  tenantId: number;

  @PrimaryColumn()
  companyId: number;

  @PrimaryColumn()
  organizationId: number;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'smallint' })
  source: number;

  @PrimaryColumn({ type: 'smallint', default: 0 })
  slot: number;

  @Column({ default: 0 })
  rapid: number;

  @Column({ default: 0 })
  batch: number;

  @Column({ default: 0 })
  manual: number;

  @Column({ default: 0 })
  repeat: number;

  @Column({ default: 0 })
  inquiry: number;

  @Column({ default: 0 })
  advisory: number;
}

/**
 * On which business days of a year an account had items of one sub-method and source for one
 * community ('' for none) in one organisation: bit d-1 for day d of the year. Kept by the item
 * tables' triggers; the distinct accounts, organisations and communities of any run of days are
 * the rows whose days meet the run's mask, far fewer than the items.
 */
@Entity('stat_presence')
export class StatPresenceEntity {
  @PrimaryColumn()
  tenantId: number;

  @PrimaryColumn()
  companyId: number;

  @PrimaryColumn()
  organizationId: number;

  @PrimaryColumn()
  accountId: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  haCode: string;

  @PrimaryColumn({ type: 'smallint' })
  source: number;

  @PrimaryColumn({ type: 'smallint' })
  sub: number;

  @PrimaryColumn({ type: 'smallint' })
  year: number;

  @Column({ type: 'bit', length: 366 })
  days: string;
}
