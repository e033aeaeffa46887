import { Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, ConfigModule, type AppConfig } from '@valuation/config';
import { PersistenceModule } from '@valuation/persistence';
import { QueueModule, RedisModule } from '@valuation/queue';
import { StorageModule } from '@valuation/storage';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { EnvelopeInterceptor } from './common/envelope.interceptor';
import { IdempotencyInterceptor } from './common/idempotency.interceptor';
import { httpLoggerOptions } from './common/http-logger';
import { MultipartInterceptor } from './common/multipart';
import { AccuracyModule } from './modules/accuracy/accuracy.module';
import { AgencyModule } from './modules/agency/agency.module';
import { AppraisalModule } from './modules/appraisal/appraisal.module';
import { AssetModule } from './modules/asset/asset.module';
import { CollateralModule } from './modules/collateral/collateral.module';
import { LoanApplicationModule } from './modules/loan-application/loan-application.module';
import { AssetTypeModule } from './modules/asset-type/asset-type.module';
import { ApiKeyModule } from './modules/api-key/api-key.module';
import { ArtificialModule } from './modules/artificial/artificial.module';
import { AuthModule } from './modules/auth/auth.module';
import { BatchModule } from './modules/batch/batch.module';
import { BusinessModule } from './modules/business/business.module';
import { RiskModule } from './modules/risk/risk.module';
import { CommunityModule } from './modules/community/community.module';
import { CustomerCompanyModule } from './modules/customer-company/customer-company.module';
import { BalanceModule } from './modules/balance/balance.module';
import { CustomerCategoryModule } from './modules/customer-category/customer-category.module';
import { StatisticsModule } from './modules/statistics/statistics.module';
import { CustomerDomainModule } from './modules/customer-domain/customer-domain.module';
import { RolesModule } from './modules/roles/role.module';
import { AccountsModule } from './modules/accounts/account.module';
import { DictModule } from './modules/dict/dict.module';
import { DownloadLinkModule } from './modules/download-link/download-link.module';
import { EvalFieldModule } from './modules/eval-field/eval-field.module';
import { EvalMethodModule } from './modules/eval-method/eval-method.module';
import { EvalModule } from './modules/eval/eval.module';
import { GeoModule } from './modules/geo/geo.module';
import { HealthModule } from './modules/health/health.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { ObjectionModule } from './modules/objection/objection.module';
import { OrganizationModule } from './modules/organization/organization.module';
import { NotifySettingsModule } from './modules/notify-settings/notify-settings.module';
import { OperationLogModule } from './modules/operation-log/operation-log.module';
import { ProfileModule } from './modules/profile/profile.module';
import { RegionModule } from './modules/region/region.module';
import { ReportModule } from './modules/report/report.module';
import { ReportConfigModule } from './modules/report-config/report-config.module';
import { ReviewModule } from './modules/review/review.module';
import { SiteConfigModule } from './modules/site-config/site-config.module';

@Module({
  imports: [
    ConfigModule,
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        pinoHttp: httpLoggerOptions(config),
      }),
    }),
    PersistenceModule,
    RedisModule,
    QueueModule.forRoot(),
    StorageModule,
    AuthModule,
    DownloadLinkModule,
    HealthModule,
    AccuracyModule,
    MetricsModule,
    EvalModule,
    AgencyModule,
    ProfileModule,
    SiteConfigModule,
    AccountsModule,
    RegionModule,
    DictModule,
    BusinessModule,
    AssetTypeModule,
    ApiKeyModule,
    AssetModule,
    CollateralModule,
    LoanApplicationModule,
    RiskModule,
    EvalFieldModule,
    EvalMethodModule,
    CommunityModule,
    GeoModule,
    NotifySettingsModule,
    BatchModule,
    ReportConfigModule,
    CustomerCompanyModule,
    CustomerDomainModule,
    RolesModule,
    CustomerCategoryModule,
    StatisticsModule,
    BalanceModule,
    OrganizationModule,
    ReportModule,
    ArtificialModule,
    ReviewModule,
    ObjectionModule,
    AppraisalModule,
    OperationLogModule,
  ],
  providers: [
    // In this order: the body is read, then a repeated Idempotency-Key is answered from what was kept, then answers are enveloped.
    { provide: APP_INTERCEPTOR, useClass: MultipartInterceptor },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
})
export class AppModule {}
