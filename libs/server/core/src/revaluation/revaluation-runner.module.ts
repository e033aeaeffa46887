import { Module } from '@nestjs/common';
import { ValuationModule } from '../valuation/valuation.module';
import { RevaluationRunner } from './revaluation-runner.service';

/** Revaluation runs of asset books (needs PersistenceModule in the application). */
@Module({
  imports: [ValuationModule],
  providers: [RevaluationRunner],
  exports: [RevaluationRunner],
})
export class RevaluationRunnerModule {}
