import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { redisOptionsFromUrl } from './redis.options';
import { RedisHealth } from './redis-health.service';
import { RedisKeys } from './redis-keys.service';
import { REDIS } from './redis.tokens';

/** One ioredis client per process under REDIS, key building under REDIS_PREFIX, and a readiness ping. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Redis => {
        const logger = new Logger('Redis');
        const client = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), connectionName: 'valuation' });
        client.on('error', (error: Error) => logger.error(`Redis connection error: ${error.message}`));
        return client;
      },
    },
    RedisKeys,
    RedisHealth,
  ],
  exports: [REDIS, RedisKeys, RedisHealth],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    const ended = new Promise<void>((resolve) => this.redis.once('end', () => resolve()));
    try {
      await this.redis.quit();
      await ended;
    } catch {
      this.redis.disconnect();
    }
  }
}
