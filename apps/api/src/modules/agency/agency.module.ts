import { Module } from '@nestjs/common';
import { CommunityQueriesModule } from '@valuation/core';
import { AgencyController, AgencyTenantController } from './agency.controller';
import { AgencyService } from './agency.service';

@Module({
  imports: [CommunityQueriesModule],
  controllers: [AgencyController, AgencyTenantController],
  providers: [AgencyService],
})
export class AgencyModule {}
