import { AccountRepository } from './account.repository';
import { ApiKeyRepository } from './api-key.repository';
import { IdempotencyRequestRepository } from './idempotency-request.repository';
import { AssetRepository } from './asset.repository';
import { CollateralRepository } from './collateral.repository';
import { CollateralAnalyticsRepository } from './collateral-analytics.repository';
import { LoanApplicationRepository } from './loan-application.repository';
import { AssetTypeRepository } from './asset-type.repository';
import { AgencyApplicationRepository } from './agency-application.repository';
import { AppraisalCaseRepository } from './appraisal-case.repository';
import { BalanceRepository } from './balance.repository';
import { BalanceOrderRepository } from './balance-order.repository';
import { BatchTaskRepository } from './batch-task.repository';
import { BusinessRepository } from './business.repository';
import { CustomerCategoryRepository } from './customer-category.repository';
import { CustomerCompanyRepository } from './customer-company.repository';
import { CustomerDomainRepository } from './customer-domain.repository';
import { DatabaseHealth } from './database-health';
import { EvalFieldSettingRepository } from './eval-field-setting.repository';
import { EvalRecordRepository } from './eval-record.repository';
import { EvalReportRepository } from './eval-report.repository';
import { NotifyOutboxRepository } from './notify-outbox.repository';
import { NotifySettingRepository } from './notify-setting.repository';
import { OperationLogRepository } from './operation-log.repository';
import { OrganizationRepository } from './organization.repository';
import { RegionRepository } from './region.repository';
import { ReportConfigRepository } from './report-config.repository';
import { RiskCoefficientRepository } from './risk-coefficient.repository';
import { RoleRepository } from './role.repository';
import { SiteConfigRepository } from './site-config.repository';
import { StatisticsRepository } from './statistics.repository';
import { TenantRepository } from './tenant.repository';

export * from './account.repository';
export * from './api-key.repository';
export * from './idempotency-request.repository';
export * from './asset.repository';
export * from './collateral.repository';
export * from './collateral-analytics.repository';
export * from './loan-application.repository';
export * from './asset-type.repository';
export * from './agency-application.repository';
export * from './appraisal-case.repository';
export * from './balance.repository';
export * from './batch-task.repository';
export * from './business.repository';
export * from './customer-category.repository';
export * from './customer-company.repository';
export * from './customer-domain.repository';
export * from './database-health';
export * from './eval-field-setting.repository';
export * from './eval-record.repository';
export * from './eval-report.repository';
export * from './notify-outbox.repository';
export * from './notify-setting.repository';
export * from './operation-log.repository';
export * from './organization.repository';
export * from './region.repository';
export * from './report-config.repository';
export * from './risk-coefficient.repository';
export * from './role.repository';
export * from './site-config.repository';
export * from './statistics.repository';
export * from './tenant.repository';
export * from './balance-order.repository';

/** Every repository, provided (and exported) by PersistenceModule. */
export const REPOSITORIES = [
  AccountRepository,
  ApiKeyRepository,
  IdempotencyRequestRepository,
  AssetRepository,
  CollateralRepository,
  CollateralAnalyticsRepository,
  LoanApplicationRepository,
  AssetTypeRepository,
  AgencyApplicationRepository,
  AppraisalCaseRepository,
  BalanceRepository,
  BalanceOrderRepository,
  BatchTaskRepository,
  BusinessRepository,
  CustomerCategoryRepository,
  CustomerCompanyRepository,
  CustomerDomainRepository,
  DatabaseHealth,
  EvalFieldSettingRepository,
  EvalRecordRepository,
  EvalReportRepository,
  NotifyOutboxRepository,
  NotifySettingRepository,
  OperationLogRepository,
  OrganizationRepository,
  RegionRepository,
  ReportConfigRepository,
  RiskCoefficientRepository,
  RoleRepository,
  SiteConfigRepository,
  StatisticsRepository,
  TenantRepository,
];
