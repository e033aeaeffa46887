import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ReportDocument, ReportImageType, ReportState, ReportType } from '@valuation/contracts';

/**
 * The template of a report type (1 inquiry, 2 advisory). companyId null: the tenant's own
 * configuration, the default of its customers; companyId set: a customer company's override.
 */
@Entity('report_config')
@Index(['tenantId', 'reportType'], { unique: true, where: 'company_id IS NULL' })
@Index(['tenantId', 'companyId', 'reportType'], { unique: true, where: 'company_id IS NOT NULL' })
export class ReportConfigEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column({ type: 'int', nullable: true })
  companyId: number | null;

  @Column({ type: 'smallint' })
  reportType: ReportType;

  @Column({ length: 20 })
  reportName: string;

  @Column({ length: 2000, default: '' })
  reportStatement: string;

  @Column({ length: 50, default: '' })
  reportSign: string;

  /** Object keys of the images by image type (1 licence, 2 certificate, 3 and 4 appraiser signatures, 5 seal). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  imageKeys: Partial<Record<ReportImageType, string>>;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * An ordered inquiry or advisory report of a valuation record, or the advisory report of an
 * answered appraisal case (evalCode then holds the case number): at most one live report per
 * subject and type. state 1 rendering, 2 ready (the PDF is in S3 with its SHA-256), 3 failed (the
 * copy was refunded; the row is kept, and ordering again replaces it).
 */
@Entity('eval_report')
@Index(['evalCode', 'reportType'], { unique: true })
@Index(['tenantId', 'accountId', 'createdAt'])
/** The statistics of a company's reports by order time. */
@Index(['tenantId', 'companyId', 'createdAt'])
export class EvalReportEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** Public code printed on the report and encoded in its QR code. */
  @Index({ unique: true })
  @Column({ length: 32 })
  reportCode: string;

  @Column({ type: 'smallint' })
  reportType: ReportType;

  @Column({ length: 32 })
  evalCode: string;

  /** The valuation record reported on; for a case report, the valuation the case started from, if any. */
  @Column({ type: 'bigint', nullable: true })
  evalRecordId: string | null;

  /** The appraisal case whose answer the report gives. */
  @Index({ where: 'case_id IS NOT NULL' })
  @Column({ type: 'bigint', nullable: true })
  caseId: string | null;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  @Column({ type: 'smallint', default: 1 })
  state: ReportState;

  /** The client the report was ordered from: 1 PC, 2 APP, 3 WeChat. */
  @Column({ type: 'smallint', default: 1 })
  source: number;

  /** What the report shows, frozen when it was ordered. */
  @Column({ type: 'jsonb' })
  document: ReportDocument;

  /** The ledger charge of the copy, refunded when rendering fails for good. */
  @Column({ type: 'jsonb' })
  charge: { kind: string; packageId: number; ledgerId: string };

  @Column({ type: 'varchar', length: 255, nullable: true })
  pdfKey: string | null;

  @Column({ type: 'char', length: 64, nullable: true })
  sha256: string | null;

  @Column({ type: 'int', nullable: true })
  size: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;

  /** Milliseconds the render took (browser work only), for operations. */
  @Column({ type: 'int', nullable: true })
  renderMs: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
