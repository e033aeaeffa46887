import { Module } from '@nestjs/common';
import { CommunityQueriesModule } from '@valuation/core';
import { AgencyController, AgencyTenantController } from './agency.controller';
import { RegionModule } from '../region/region.module';
import { AgencyService } from './agency.service';

@Module({
  imports: [CommunityQueriesModule, RegionModule],
  controllers: [AgencyController, AgencyTenantController],
  providers: [AgencyService],
})
export class AgencyModule {}
