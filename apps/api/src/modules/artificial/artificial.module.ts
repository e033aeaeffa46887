import { Module } from '@nestjs/common';
import { WorkflowModule } from '@valuation/core';
import { RegionModule } from '../region/region.module';
import { ArtificialService } from './artificial.service';
import { ArtificialController } from './artificial.controller';

@Module({
  imports: [WorkflowModule, RegionModule],
  controllers: [ArtificialController],
  providers: [ArtificialService],
})
export class ArtificialModule {}
