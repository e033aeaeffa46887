import { Module } from '@nestjs/common';
import { RevaluationRunnerModule } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { RegionModule } from '../region/region.module';
import { CollateralAnalyticsController } from './collateral-analytics.controller';
import { CollateralAnalyticsService } from './collateral-analytics.service';
import { CollateralController } from './collateral.controller';
import { CollateralService } from './collateral.service';

@Module({
  imports: [AuthModule, RegionModule, RevaluationRunnerModule],
  controllers: [CollateralController, CollateralAnalyticsController],
  providers: [CollateralService, CollateralAnalyticsService],
})
export class CollateralModule {}
