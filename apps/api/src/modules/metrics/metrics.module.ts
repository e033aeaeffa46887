import { Module } from '@nestjs/common';
import { MetricsModule as MetricsRegistryModule } from '@valuation/queue';
import { MetricsController } from './metrics.controller';

@Module({ imports: [MetricsRegistryModule.forRoot('api')], controllers: [MetricsController] })
export class MetricsModule {}
