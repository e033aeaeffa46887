import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { QUEUE_NAMES, type QueueName } from '@valuation/contracts';
import { JobProducer, QUEUE_MAP } from './job-producer.service';
import { bullOptions } from './queue.options';

/**
 * Registers every queue of the contracts with BullMQ (connection from REDIS_URL, keys under
 * REDIS_PREFIX) and provides JobProducer. Each queue is also injectable with @InjectQueue(name).
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    const queues = QUEUE_NAMES.map((name) => BullModule.registerQueue({ name }));
    return {
      module: QueueModule,
      global: true,
      imports: [BullModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => bullOptions(config) }), ...queues],
      providers: [
        {
          provide: QUEUE_MAP,
          inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
          useFactory: (...instances: Queue[]): ReadonlyMap<QueueName, Queue> => new Map(QUEUE_NAMES.map((name, i) => [name, instances[i]])),
        },
        JobProducer,
      ],
      exports: [JobProducer, QUEUE_MAP, ...queues],
    };
  }
}
