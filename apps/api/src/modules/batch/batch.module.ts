import { Module } from '@nestjs/common';
import { RegionModule } from '../region/region.module';
import { BatchReservationService } from './batch-reservation.service';
import { BatchTaskListService } from './batch-task-list.service';
import { BatchUploadService } from './batch-upload.service';
import { BatchController } from './batch.controller';

@Module({
  imports: [RegionModule],
  controllers: [BatchController],
  providers: [BatchUploadService, BatchTaskListService, BatchReservationService],
})
export class BatchModule {}
