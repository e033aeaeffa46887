import { Module } from '@nestjs/common';
import { QuotaReservationService } from '../quota/quota-reservation.service';
import { ValuationModule } from '../valuation/valuation.module';
import { BatchFinishService } from './batch-finish.service';
import { BatchRunner } from './batch-runner.service';

/** Batch valuation on the worker side (needs PersistenceModule in the application). */
@Module({
  imports: [ValuationModule],
  providers: [BatchRunner, BatchFinishService, QuotaReservationService],
  exports: [BatchRunner, BatchFinishService],
})
export class BatchRunnerModule {}
