import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { REDIS, RedisKeys } from '@valuation/queue';
import { Msg, type Population } from '@valuation/domain';
import { ApiError } from '../../common/api-error';

/** Counts failed logins per account name and per address; too many within the window are refused. */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  private counters(pop: Population, userName: string, ip: string): string[] {
    return [this.keys.of('login-fail', pop, 'account', userName.trim().toLowerCase()), this.keys.of('login-fail', pop, 'ip', ip)];
  }

  async assertAllowed(pop: Population, userName: string, ip: string): Promise<void> {
    const [perAccount, perIp] = await this.redis.mget(...this.counters(pop, userName, ip));
    if (Number(perAccount ?? 0) >= this.config.LOGIN_MAX_FAILURES || Number(perIp ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_IP) {
      throw ApiError.tooMany(Msg.loginThrottled);
    }
  }

  async recordFailure(pop: Population, userName: string, ip: string): Promise<void> {
    const multi = this.redis.multi();
    for (const key of this.counters(pop, userName, ip)) {
      multi.incr(key).expire(key, this.config.LOGIN_FAILURE_WINDOW_SECONDS, 'NX');
    }
    await multi.exec();
  }

  async clearAccount(pop: Population, userName: string): Promise<void> {
    await this.redis.del(this.keys.of('login-fail', pop, 'account', userName.trim().toLowerCase()));
  }
}
