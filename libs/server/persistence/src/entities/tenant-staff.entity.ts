import { Entity, Index } from 'typeorm';
import { LoginAccountColumns } from './login-account.columns';

/** A channel staff account: logs in on channelLogin and works for one tenant. */
@Entity('tenant_staff')
@Index(['tenantId', 'mobilePhone'], { unique: true, where: 'mobile_phone IS NOT NULL' })
export class TenantStaffEntity extends LoginAccountColumns {}
