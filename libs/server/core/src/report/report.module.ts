import { Module } from '@nestjs/common';
import { StorageModule } from '@valuation/storage';
import { QuotaService } from '../quota';
import { ReportRenderService } from './report-render.service';

/** Report HTML, stored PDFs and refunds of failed reports (needs PersistenceModule in the application). */
@Module({
  imports: [StorageModule],
  providers: [QuotaService, ReportRenderService],
  exports: [ReportRenderService],
})
export class ReportModule {}
