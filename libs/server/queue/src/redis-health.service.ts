import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.tokens';

@Injectable()
export class RedisHealth {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Resolves when Redis answers PING within the timeout; rejects otherwise. For readiness checks. */
  async ping(timeoutMs = 1000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const reply = await Promise.race([this.redis.ping(), timeout]);
      if (reply !== 'PONG') throw new Error(`Redis answered PING with "${reply}"`);
    } finally {
      clearTimeout(timer);
    }
  }
}
