import { Module } from '@nestjs/common';
import { AgencyController, AgencyTenantController } from './agency.controller';
import { AgencyService } from './agency.service';

@Module({
  controllers: [AgencyController, AgencyTenantController],
  providers: [AgencyService],
})
export class AgencyModule {}
