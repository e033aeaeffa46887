import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AgencyContext, AgencyStateValue } from '@valuation/domain';
import type { CaseFile } from './appraisal-case.entity';
import { WorkflowHistoryColumns } from './workflow-history.columns';

/**
 * An institution (agency) valuation application: a customer user orders a formal (1) or
 * preliminary (0) valuation for a client; the tenant's staff receive it and reply with prices and
 * report files. machineState and context are the workflow machine's; state is the specification's
 * reportStatus (1 pending, 2 in progress, 3 done); version increases with every transition but a
 * side's reading. Every transition, reading included, has a row in agency_application_history.
 */
@Entity('agency_application')
@Index(['tenantId', 'state', 'createdAt'])
@Index(['tenantId', 'companyId', 'createdAt'])
export class AgencyApplicationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  @Column({ length: 50 })
  applicantName: string;

  /** 1 formal report, 0 preliminary. */
  @Column({ type: 'smallint' })
  reportType: 0 | 1;

  /** 1 sale, 2 lease. */
  @Column({ type: 'smallint' })
  evalType: 1 | 2;

  @Column({ length: 10 })
  customerName: string;

  @Column({ length: 20 })
  customerPhone: string;

  @Column({ length: 2000, default: '' })
  remark: string;

  @Column({ length: 6 })
  cityCode: string;

  @Column({ length: 50 })
  cityName: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  haCode: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  haName: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  cardAddress: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  location: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  bldgArea: string | null;

  @Column({ type: 'smallint', default: 11 })
  propType: number;

  /** The property as the request described it (the valuation form's fields). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  houseInfo: Record<string, unknown>;

  /** WGS84 coordinates of the property (its community's, when it names one). */
  @Column({ type: 'double precision', nullable: true })
  gpsLon: number | null;

  @Column({ type: 'double precision', nullable: true })
  gpsLat: number | null;

  /** The customer's attachments. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  files: CaseFile[];

  @Column({ type: 'varchar', length: 16 })
  machineState: AgencyStateValue;

  /** Receiver, reply prices, report files and the two read markers. */
  @Column({ type: 'jsonb' })
  context: AgencyContext;

  @Column({ type: 'smallint' })
  state: 1 | 2 | 3;

  @Column({ default: 1 })
  version: number;

  @Column({ type: 'timestamptz', nullable: true })
  receivedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  repliedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** One transition of an application: its filing, receive, reply or a read marker set. */
@Entity('agency_application_history')
@Index(['applicationId', 'id'])
export class AgencyApplicationHistoryEntity extends WorkflowHistoryColumns {
  @Column({ type: 'bigint' })
  applicationId: string;
}
