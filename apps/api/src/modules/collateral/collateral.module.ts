import { Module } from '@nestjs/common';
import { RevaluationRunnerModule } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { RegionModule } from '../region/region.module';
import { CollateralController } from './collateral.controller';
import { CollateralService } from './collateral.service';

@Module({
  imports: [AuthModule, RegionModule, RevaluationRunnerModule],
  controllers: [CollateralController],
  providers: [CollateralService],
})
export class CollateralModule {}
