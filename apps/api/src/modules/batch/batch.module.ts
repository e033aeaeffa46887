import { Module } from '@nestjs/common';
import { QuotaReservationService } from '@valuation/core';
import { RegionModule } from '../region/region.module';
import { BatchTaskListService } from './batch-task-list.service';
import { BatchUploadService } from './batch-upload.service';
import { BatchController } from './batch.controller';

@Module({
  imports: [RegionModule],
  controllers: [BatchController],
  providers: [BatchUploadService, BatchTaskListService, QuotaReservationService],
})
export class BatchModule {}
