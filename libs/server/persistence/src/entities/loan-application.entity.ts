import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { WorkflowHistoryColumns } from './workflow-history.columns';

/**
 * A loan application of a customer company, secured by a sale valuation of the company (by its
 * code). Read within the records' data range: its organisation and account are those of the
 * account that filed it. state 0 pending, 1 approved, 2 rejected, 3 withdrawn; amounts in yuan.
 * Every transition has a row in loan_application_history.
 */
@Entity('loan_application')
@Index(['tenantId', 'companyId', 'applyNo'], { unique: true })
@Index(['tenantId', 'companyId', 'createdAt'])
@Index(['tenantId', 'companyId', 'loanNo'], { unique: true, where: 'loan_no IS NOT NULL' })
@Index(['evalCode'])
export class LoanApplicationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** The organisation of the account that filed it. */
  @Column()
  organizationId: number;

  /** The account that filed it. */
  @Column()
  accountId: number;

  @Column({ length: 32 })
  applyNo: string;

  @Column({ length: 50 })
  borrower: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  borrowerPhone: string | null;

  @Column({ type: 'numeric', precision: 16, scale: 2 })
  amount: string;

  /** Months. */
  @Column({ type: 'smallint' })
  term: number;

  @Column({ length: 100, default: '' })
  purpose: string;

  /** The valuation record securing the loan. */
  @Column({ length: 32 })
  evalCode: string;

  @Column({ type: 'smallint', default: 0 })
  state: number;

  @Column({ type: 'numeric', precision: 16, scale: 2, nullable: true })
  approvedAmount: string | null;

  @Column({ length: 500, default: '' })
  opinion: string;

  @Column({ type: 'int', nullable: true })
  decidedBy: number | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  decidedName: string | null;

  /** The business day of the decision. */
  @Column({ type: 'date', nullable: true })
  decisionDate: string | null;

  /** The loan booked on approval, carried by the asset of the collateral. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  loanNo: string | null;

  @Column({ type: 'int', nullable: true })
  assetId: number | null;

  @Column({ length: 20, default: '' })
  createName: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** One transition of an application: filed, changed, approved, rejected or withdrawn. */
@Entity('loan_application_history')
@Index(['applicationId', 'id'])
export class LoanApplicationHistoryEntity extends WorkflowHistoryColumns {
  @Column()
  applicationId: number;
}
