import { Module } from '@nestjs/common';
import { ValuationModule } from '@valuation/core';
import { AuthModule } from '../auth/auth.module';
import { RegionModule } from '../region/region.module';
import { RiskController } from './risk.controller';
import { RiskService } from './risk.service';

@Module({
  imports: [AuthModule, RegionModule, ValuationModule],
  controllers: [RiskController],
  providers: [RiskService],
})
export class RiskModule {}
