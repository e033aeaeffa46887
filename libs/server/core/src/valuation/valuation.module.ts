import { Module } from '@nestjs/common';
import { QuotaService } from '../quota';
import { MarketLoader } from './market-loader.service';
import { ValuationService } from './valuation.service';

/** The valuation use case for the API and the workers (needs PersistenceModule in the app). */
@Module({
  providers: [MarketLoader, QuotaService, ValuationService],
  exports: [MarketLoader, QuotaService, ValuationService],
})
export class ValuationModule {}
