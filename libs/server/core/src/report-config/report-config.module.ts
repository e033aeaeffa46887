import { Module } from '@nestjs/common';
import { ReportConfigReader } from './report-config.reader';

/** ReportConfigReader for the API and the workers; needs PersistenceModule in the application. */
@Module({
  providers: [ReportConfigReader],
  exports: [ReportConfigReader],
})
export class ReportConfigModule {}
