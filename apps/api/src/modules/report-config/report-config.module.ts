import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ReportConfigController } from './report-config.controller';
import { ReportConfigService } from './report-config.service';

@Module({
  imports: [AuthModule],
  controllers: [ReportConfigController],
  providers: [ReportConfigService],
})
export class ReportConfigModule {}
