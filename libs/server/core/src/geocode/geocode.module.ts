import { Module } from '@nestjs/common';
import { GeocodeQueries } from './geocode.queries';
import { Geocoder } from './geocoder';

/** The offline address geocoder over the market data (needs PersistenceModule in the app). */
@Module({
  providers: [GeocodeQueries, Geocoder],
  exports: [Geocoder],
})
export class GeocodeModule {}
