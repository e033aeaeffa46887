import { Module } from '@nestjs/common';
import { CommunityQueriesModule } from '@valuation/core';
import { RegionController } from './region.controller';
import { RegionService } from './region.service';

@Module({
  imports: [CommunityQueriesModule],
  controllers: [RegionController],
  providers: [RegionService],
  exports: [RegionService],
})
export class RegionModule {}
