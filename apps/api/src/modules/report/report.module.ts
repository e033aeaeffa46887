import { Module } from '@nestjs/common';
import { QuotaService, ReportConfigModule, ReportModule as ReportCoreModule } from '@valuation/core';
import { CommunityModule } from '../community/community.module';
import { SiteConfigModule } from '../site-config/site-config.module';
import { ReportDocumentBuilder } from './report-document.builder';
import { ArtificialReportController, ReportController, ReportVerifyController, ReviewReportController } from './report.controller';
import { ReportOrderService } from './report-order.service';

@Module({
  imports: [ReportCoreModule, ReportConfigModule, CommunityModule, SiteConfigModule],
  controllers: [ReportController, ReportVerifyController, ArtificialReportController, ReviewReportController],
  providers: [QuotaService, ReportDocumentBuilder, ReportOrderService],
})
export class ReportModule {}
