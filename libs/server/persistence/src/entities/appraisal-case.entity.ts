import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AppraisalCaseContext, AppraisalCaseKind, AppraisalCaseStateValue, CaseStateCode } from '@valuation/domain';
import { WorkflowHistoryColumns } from './workflow-history.columns';

/** A stored attachment of a case. */
export interface CaseFile {
  key: string;
  name: string;
  size: number;
  type: string;
}

/**
 * A case human appraisers answer: a manual enquiry (artificial), a re-appraisal (review) or a price
 * objection. machineState and context are the workflow machine's; state is the specification's code
 * (1 pending or processing, 2 succeeded or completed, 3 failed, 4 withdrawn); version increases with every
 * transition, so two appraisers acting at once cannot both win.
 */
@Entity('appraisal_case')
@Index(['tenantId', 'kind', 'state', 'createdAt'])
@Index(['tenantId', 'companyId', 'kind', 'createdAt'])
export class AppraisalCaseEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Index({ unique: true })
  @Column({ length: 32 })
  caseNo: string;

  @Column({ type: 'varchar', length: 16 })
  kind: AppraisalCaseKind;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  @Column()
  organizationId: number;

  @Column()
  accountId: number;

  @Column({ type: 'varchar', length: 16 })
  machineState: AppraisalCaseStateValue;

  @Column({ type: 'jsonb' })
  context: AppraisalCaseContext;

  @Column({ type: 'smallint' })
  state: CaseStateCode;

  @Column({ default: 1 })
  version: number;

  /** 1 sale, 2 lease. */
  @Column({ type: 'smallint' })
  evalType: 1 | 2;

  /** The client the case was filed from: 1 PC, 2 APP, 3 WeChat. */
  @Column({ type: 'smallint', default: 1 })
  source: number;

  /** The valuation the case starts from, when there is one. */
  @Index()
  @Column({ type: 'varchar', length: 32, nullable: true })
  evalCode: string | null;

  /** Re-appraisals: 1 automatic valuation, 2 manual enquiry, 3 prior re-appraisal; the source case id for 2 and 3. */
  @Column({ type: 'smallint', nullable: true })
  initiate: number | null;

  @Index()
  @Column({ type: 'bigint', nullable: true })
  sourceId: string | null;

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

  @Column({ type: 'varchar', length: 50, nullable: true })
  principalCode: string | null;

  /** The property as the request described it (the valuation request fields). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  houseInfo: Record<string, unknown>;

  /** Manual enquiry 1, 2 or 3 (other); re-appraisal and objection 1 too high, 2 too low, 3 other. */
  @Column({ type: 'smallint', nullable: true })
  reason: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  otherReason: string | null;

  @Column({ type: 'varchar', length: 2000, default: '' })
  remark: string;

  /** The price the requester proposes (re-appraisal actualPrice, objection price), in yuan. */
  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  proposedPrice: string | null;

  /** The price being contested, in yuan. */
  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  originalPrice: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  files: CaseFile[];

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  reviewTotalPrice: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true })
  reviewUnitPrice: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  reviewReply: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  refuseReason: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  reviewedAt: Date | null;

  /** When the answer is due by the service level. */
  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** One transition of a case: who did what, when, from which state to which. */
@Entity('appraisal_case_history')
@Index(['caseId', 'id'])
export class AppraisalCaseHistoryEntity extends WorkflowHistoryColumns {
  @Column({ type: 'bigint' })
  caseId: string;
}
