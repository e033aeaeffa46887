import { Module } from '@nestjs/common';
import { GeocodeModule } from '@valuation/core';
import { RegionModule } from '../region/region.module';
import { GeoController } from './geo.controller';
import { GeoService } from './geo.service';

@Module({
  imports: [RegionModule, GeocodeModule],
  controllers: [GeoController],
  providers: [GeoService],
})
export class GeoModule {}
