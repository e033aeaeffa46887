import { TenantEntity } from './tenant.entity';
import { OrganizationEntity } from './organization.entity';
import { AccountEntity } from './account.entity';
import { TenantStaffEntity } from './tenant-staff.entity';
import { PermissionEntity } from './permission.entity';
import { AccountRoleEntity, RoleEntity, RolePermissionEntity, TenantStaffRoleEntity } from './role.entity';
import { SiteConfigEntity } from './site-config.entity';
import {
  BalanceAllocationEntity,
  BalanceDefaultEntity,
  BalanceLedgerEntity,
  BalanceOrderEntity,
  BalancePackageEntity,
  TenantPriceEntity,
} from './balance.entity';
import { OperationLogEntity } from './operation-log.entity';
import { RegionEntity } from './region.entity';
import { CommunityEntity } from './community.entity';
import { MarketCaseEntity } from './market-case.entity';
import { PoiEntity } from './poi.entity';
import { PriceIndexEntity } from './price-index.entity';
import { BusinessEntity } from './business.entity';
import { EvalFieldSettingEntity } from './eval-field-setting.entity';
import { RiskCoefficientEntity } from './risk-coefficient.entity';
import { StatOrgDayEntity, StatPresenceEntity } from './stat-rollup.entity';
import { EvalRecordEntity } from './eval-record.entity';
import { BatchItemEntity, BatchTaskEntity } from './batch.entity';
import { NotifyOutboxEntity } from './notify-outbox.entity';
import { OrganizationNotifySettingEntity } from './organization-notify-setting.entity';
import { EvalReportEntity, ReportConfigEntity } from './report.entity';
import { AppraisalCaseEntity, AppraisalCaseHistoryEntity } from './appraisal-case.entity';
import { AgencyApplicationEntity, AgencyApplicationHistoryEntity } from './agency-application.entity';
import { CustomerDomainEntity, CustomerDomainHistoryEntity } from './customer-domain.entity';
import { CustomerCategoryEntity } from './customer-category.entity';
import { AssetEntity, AssetTypeEntity } from './asset.entity';
import { ApiKeyEntity, IdempotencyRequestEntity } from './api-key.entity';
import { DriftAlertEntity, DriftRuleEntity, RevalItemEntity, RevalRunEntity } from './collateral.entity';
import { LoanApplicationEntity, LoanApplicationHistoryEntity } from './loan-application.entity';

export * from './tenant.entity';
export * from './agency-application.entity';
export * from './customer-domain.entity';
export * from './customer-category.entity';
export * from './asset.entity';
export * from './api-key.entity';
export * from './collateral.entity';
export * from './loan-application.entity';
export * from './workflow-history.columns';
export * from './organization.entity';
export * from './account.entity';
export * from './tenant-staff.entity';
export * from './permission.entity';
export * from './role.entity';
export * from './site-config.entity';
export * from './balance.entity';
export * from './operation-log.entity';
export * from './region.entity';
export * from './community.entity';
export * from './market-case.entity';
export * from './poi.entity';
export * from './price-index.entity';
export * from './business.entity';
export * from './eval-field-setting.entity';
export * from './risk-coefficient.entity';
export * from './stat-rollup.entity';
export * from './eval-record.entity';
export * from './report.entity';
export * from './appraisal-case.entity';
export * from './batch.entity';
export * from './notify-outbox.entity';
export * from './organization-notify-setting.entity';

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
  BalancePackageEntity,
  BalanceLedgerEntity,
  BalanceOrderEntity,
  BalanceAllocationEntity,
  BalanceDefaultEntity,
  TenantPriceEntity,
  OperationLogEntity,
  RegionEntity,
  CommunityEntity,
  MarketCaseEntity,
  PoiEntity,
  PriceIndexEntity,
  BusinessEntity,
  EvalFieldSettingEntity,
  RiskCoefficientEntity,
  StatOrgDayEntity,
  StatPresenceEntity,
  EvalRecordEntity,
  BatchTaskEntity,
  BatchItemEntity,
  NotifyOutboxEntity,
  OrganizationNotifySettingEntity,
  ReportConfigEntity,
  EvalReportEntity,
  AppraisalCaseEntity,
  AppraisalCaseHistoryEntity,
  AgencyApplicationEntity,
  AgencyApplicationHistoryEntity,
  CustomerDomainEntity,
  CustomerDomainHistoryEntity,
  CustomerCategoryEntity,
  AssetTypeEntity,
  AssetEntity,
  ApiKeyEntity,
  IdempotencyRequestEntity,
  DriftRuleEntity,
  RevalRunEntity,
  RevalItemEntity,
  DriftAlertEntity,
  LoanApplicationEntity,
  LoanApplicationHistoryEntity,
];
