import { Column, Entity, Index } from 'typeorm';
import { LoginAccountColumns } from './login-account.columns';

/** A customer account: logs in on the ordinary login and belongs to one organisation. */
@Entity('account')
@Index(['tenantId', 'mobilePhone'], { unique: true, where: 'mobile_phone IS NOT NULL' })
export class AccountEntity extends LoginAccountColumns {
  @Index()
  @Column()
  organizationId: number;

  @Index()
  @Column()
  companyId: number;

  /** 1 enterprise, 2 personal. */
  @Column({ type: 'smallint', default: 1 })
  userType: number;
}
