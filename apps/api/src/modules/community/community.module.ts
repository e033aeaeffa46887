import { Module } from '@nestjs/common';
import { CommunityQueriesModule } from '@valuation/core';
import { RegionModule } from '../region/region.module';
import { CommunityController } from './community.controller';
import { CommunityService } from './community.service';
import { MarketStatsService } from './market-stats.service';

@Module({
  imports: [RegionModule, CommunityQueriesModule],
  controllers: [CommunityController],
  providers: [CommunityService, MarketStatsService],
  exports: [CommunityService, MarketStatsService],
})
export class CommunityModule {}
