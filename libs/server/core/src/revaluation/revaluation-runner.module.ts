import { Module } from '@nestjs/common';
import { QuotaReservationService } from '../quota/quota-reservation.service';
import { ValuationModule } from '../valuation/valuation.module';
import { RevaluationRunner } from './revaluation-runner.service';

/** Revaluation runs of asset books (needs PersistenceModule in the application). */
@Module({
  imports: [ValuationModule],
  providers: [RevaluationRunner, QuotaReservationService],
  exports: [RevaluationRunner],
})
export class RevaluationRunnerModule {}
