import { Module } from '@nestjs/common';
import { MarketImportService } from './market-import.service';
import { PriceIndexService } from './price-index.service';

/** Market data use cases; needs PersistenceModule and StorageModule in the application. */
@Module({
  providers: [MarketImportService, PriceIndexService],
  exports: [MarketImportService, PriceIndexService],
})
export class MarketModule {}
