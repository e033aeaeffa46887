import { Module } from '@nestjs/common';
import { ValuationModule } from '@valuation/core';
import { CommunityModule } from '../community/community.module';
import { EvalFieldModule } from '../eval-field/eval-field.module';
import { RegionModule } from '../region/region.module';
import { EvalRecordListService } from './eval-record-list.service';
import { EvalController } from './eval.controller';
import { EvalService } from './eval.service';

@Module({
  imports: [ValuationModule, EvalFieldModule, RegionModule, CommunityModule],
  controllers: [EvalController],
  providers: [EvalService, EvalRecordListService],
})
export class EvalModule {}
