import { TenantEntity } from './tenant.entity';
import { OrganizationEntity } from './organization.entity';
import { AccountEntity } from './account.entity';
import { TenantStaffEntity } from './tenant-staff.entity';
import { PermissionEntity } from './permission.entity';
import { AccountRoleEntity, RoleEntity, RolePermissionEntity, TenantStaffRoleEntity } from './role.entity';
import { SiteConfigEntity } from './site-config.entity';
import { AccountBalanceEntity, BalanceLedgerEntity, BalanceOrderEntity, CityPackageEntity } from './balance.entity';
import { OperationLogEntity } from './operation-log.entity';

export * from './tenant.entity';
export * from './organization.entity';
export * from './account.entity';
export * from './tenant-staff.entity';
export * from './permission.entity';
export * from './role.entity';
export * from './site-config.entity';
export * from './balance.entity';
export * from './operation-log.entity';

export const ENTITIES = [
  TenantEntity,
  OrganizationEntity,
  AccountEntity,
  TenantStaffEntity,
  PermissionEntity,
  RoleEntity,
  RolePermissionEntity,
  AccountRoleEntity,
  TenantStaffRoleEntity,
  SiteConfigEntity,
  AccountBalanceEntity,
  CityPackageEntity,
  BalanceLedgerEntity,
  BalanceOrderEntity,
  OperationLogEntity,
];
