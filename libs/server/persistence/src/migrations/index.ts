import { Init1795304821772 } from './1795304821772-init.migration';
import { PermissionCatalogue1795304821773 } from './1795304821773-permission-catalogue.migration';
import { MarketData1795308982088 } from './1795308982088-market-data.migration';
import { MarketSearchAndRegions1795308982089 } from './1795308982089-market-search-and-regions.migration';
import { EvalRecordCompanyIndex1795312024580 } from './1795312024580-eval-record-company-index.migration';
import { BatchValuation1795314628375 } from './1795314628375-batch-valuation.migration';
import { NotifyOutbox1795314859148 } from './1795314859148-notify-outbox.migration';
import { CommunityCityName1795322169845 } from './1795322169845-community-city-name.migration';
import { FormalReports1795322820171 } from './1795322820171-formal-reports.migration';
import { AppraisalCases1795325416188 } from './1795325416188-appraisal-cases.migration';
import { AppraiserActions1795326800000 } from './1795326800000-appraiser-actions.migration';
import { CaseAdvisoryReports1795332668433 } from './1795332668433-case-advisory-reports.migration';
import { AgencyAndDomains1795333792166 } from './1795333792166-agency-and-domains.migration';
import { WorkflowHistories1795554970623 } from './1795554970623-workflow-histories.migration';
import { CaseRequester1795556092232 } from './1795556092232-case-requester.migration';
import { CaseSourceIndex1795556237808 } from './1795556237808-case-source-index.migration';
import { MobileUniquePerTenant1795626366103 } from './1795626366103-mobile-unique-per-tenant.migration';
import { OperationLogChanges1795783103836 } from './1795783103836-operation-log-changes.migration';
import { CustomerCategory1795783616413 } from './1795783616413-customer-category.migration';
import { AccountPhoneNumbers1795784914344 } from './1795784914344-account-phone-numbers.migration';
import { BalancePackages1795794480174 } from './1795794480174-balance-packages.migration';
import { Assets1795796750738 } from './1795796750738-assets.migration';
import { StatisticsSources1795796803967 } from './1795796803967-statistics-sources.migration';
import { EvalRecordRiskCoefficient1795796843929 } from './1795796843929-eval-record-risk-coefficient.migration';
import { EvalRecordListOrder1795797937251 } from './1795797937251-eval-record-list-order.migration';
import { StatRollups1795806341138 } from './1795806341138-stat-rollups.migration';
import { CanonicalCityNames1795818683418 } from './1795818683418-canonical-city-names.migration';
import { GeocoderIndexes1795818718894 } from './1795818718894-geocoder-indexes.migration';
import { MarketDataChanges1795856027964 } from './1795856027964-market-data-changes.migration';
import { EvalRecordLz41795857773108 } from './1795857773108-eval-record-lz4.migration';
import { StatOrgDaySlots1795867286642 } from './1795867286642-stat-org-day-slots.migration';
import { ApiKeys1795875877648 } from './1795875877648-api-keys.migration';
import { Collateral1795876014432 } from './1795876014432-collateral.migration';
import { LoanBook1795877835812 } from './1795877835812-loan-book.migration';
import { DriftAlertRead1795877873960 } from './1795877873960-drift-alert-read.migration';
import { RevalCharge1795888509074 } from './1795888509074-reval-charge.migration';
import { LoanApplication1795888599754 } from './1795888599754-loan-application.migration';

/** Every migration, oldest first. `npm run migration:generate -- <Name>` appends to this list. */
export const MIGRATIONS = [
  Init1795304821772,
  PermissionCatalogue1795304821773,
  MarketData1795308982088,
  MarketSearchAndRegions1795308982089,
  EvalRecordCompanyIndex1795312024580,
  BatchValuation1795314628375,
  NotifyOutbox1795314859148,
  CommunityCityName1795322169845,
  FormalReports1795322820171,
  AppraisalCases1795325416188,
  AppraiserActions1795326800000,
  CaseAdvisoryReports1795332668433,
  AgencyAndDomains1795333792166,
  WorkflowHistories1795554970623,
  CaseRequester1795556092232,
  CaseSourceIndex1795556237808,
  MobileUniquePerTenant1795626366103,
  OperationLogChanges1795783103836,
  CustomerCategory1795783616413,
  AccountPhoneNumbers1795784914344,
  BalancePackages1795794480174,
  Assets1795796750738,
  StatisticsSources1795796803967,
  EvalRecordRiskCoefficient1795796843929,
  EvalRecordListOrder1795797937251,
  StatRollups1795806341138,
  CanonicalCityNames1795818683418,
  GeocoderIndexes1795818718894,
  MarketDataChanges1795856027964,
  EvalRecordLz41795857773108,
  StatOrgDaySlots1795867286642,
  ApiKeys1795875877648,
  Collateral1795876014432,
  LoanBook1795877835812,
  DriftAlertRead1795877873960,
  RevalCharge1795888509074,
  LoanApplication1795888599754,
];
