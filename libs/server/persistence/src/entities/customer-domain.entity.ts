import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { CustomerDomainContext, CustomerDomainStateValue } from '@valuation/domain';
import { WorkflowHistoryColumns } from './workflow-history.columns';

/**
 * A channel's application for the branded domain of one of its customer companies. A domain may be
 * applied for once across the platform. state 1 processing, 2 completed (requests for the domain
 * get the customer's branding), 3 failed. version increases with every transition, each recorded in
 * customer_domain_history.
 */
@Entity('customer_domain')
@Index(['tenantId', 'updatedAt'])
export class CustomerDomainEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  tenantId: number;

  @Column()
  companyId: number;

  /** Lower case, punycode for internationalised names, without scheme, port or path. */
  @Index({ unique: true })
  @Column({ length: 253 })
  domain: string;

  @Column({ type: 'varchar', length: 16 })
  machineState: CustomerDomainStateValue;

  @Column({ type: 'jsonb' })
  context: CustomerDomainContext;

  @Column({ type: 'smallint' })
  state: 1 | 2 | 3;

  @Column({ default: 1 })
  version: number;

  @Column({ type: 'varchar', length: 50, default: '' })
  updatedByName: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/**
 * One transition of a domain application: applied, edited, completed or failed. The rows stay when
 * the application is deleted, and name the domain in their data.
 */
@Entity('customer_domain_history')
@Index(['domainId', 'id'])
export class CustomerDomainHistoryEntity extends WorkflowHistoryColumns {
  @Column()
  domainId: number;
}
