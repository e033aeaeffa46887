import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { REDIS, RedisKeys } from '@valuation/queue';
import type { Population } from '@valuation/domain';
import type { RateLimitClass } from './rate-limit.decorator';

export const RateLimitMsg = {
  tooMany: '请求过于频繁，请稍后再试',
} as const;

/** The limits of one class per window: per account (absent where nobody is logged in yet) and per address. */
export interface ClassLimits {
  perAccount?: number;
  perAddress: number;
}

export function classLimits(config: AppConfig): Record<RateLimitClass, ClassLimits> {
  return {
    login: { perAddress: config.RATE_LIMIT_LOGIN_PER_ADDRESS },
    captcha: { perAddress: config.RATE_LIMIT_CAPTCHA_PER_ADDRESS },
    valuation: { perAccount: config.RATE_LIMIT_VALUATION_PER_ACCOUNT, perAddress: config.RATE_LIMIT_VALUATION_PER_ADDRESS },
    report: { perAccount: config.RATE_LIMIT_REPORT_PER_ACCOUNT, perAddress: config.RATE_LIMIT_REPORT_PER_ADDRESS },
    export: { perAccount: config.RATE_LIMIT_EXPORT_PER_ACCOUNT, perAddress: config.RATE_LIMIT_EXPORT_PER_ADDRESS },
    upload: { perAccount: config.RATE_LIMIT_UPLOAD_PER_ACCOUNT, perAddress: config.RATE_LIMIT_UPLOAD_PER_ADDRESS },
  };
}

/** Who is asking: the account when someone is logged in, the API key when one was used, and the address. */
export interface RateLimitCaller {
  account?: { population: Population; id: number };
  /** An API key's own limit, per minute, on every call made with it. */
  apiKey?: { id: number; perMinute: number };
  address: string;
}

/** The window of the API keys' limits. */
export const API_KEY_WINDOW_MS = 60_000;

interface Counter {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Checks every counter and, only when all of them have room, counts the request in each: a refused
 * request uses up nothing. A sliding window per counter: the previous window's count weighs in for
 * the part of it that still overlaps. ARGV holds, per counter, its window, the time elapsed in it
 * and its limit. Returns 0 when counted, else the number (from 1) of the first full counter, with
 * its current and previous counts.
 */
const SLIDING_WINDOW_SCRIPT = `
local n = #KEYS / 2
for i = 1, n do
  local window = tonumber(ARGV[3 * i - 2])
  local overlap = (window - tonumber(ARGV[3 * i - 1])) / window
  local current = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  local previous = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  if previous * overlap + current + 1 > tonumber(ARGV[3 * i]) then
    return { i, current, previous }
  end
end
for i = 1, n do
  redis.call('INCR', KEYS[2 * i - 1])
  redis.call('PEXPIRE', KEYS[2 * i - 1], tonumber(ARGV[3 * i - 2]) * 2)
end
return { 0, 0, 0 }
`;

type SlidingWindowRedis = Redis & {
  rateLimitSlidingWindows(numberOfKeys: number, ...keysAndArgs: Array<string | number>): Promise<[number, number, number]>;
};

/**
 * Seconds until one more request fits under `limit`, for a counter refused at `elapsed` ms into a
 * window of `window` ms with `current` requests in it and `previous` in the one before.
 */
export function secondsUntilRoom(limit: number, current: number, previous: number, elapsed: number, window: number): number {
  const rest = window - elapsed;
  let wait: number;
  if (current + 1 > limit) {
    // The current count becomes the previous one; it must fade enough within the next window.
    wait = rest + window * (1 - (limit - 1) / current);
  } else {
    wait = rest - (window * (limit - 1 - current)) / previous;
  }
  return Math.max(1, Math.ceil(wait / 1000));
}

/** Request counters in Redis, so the limits hold across API processes. */
@Injectable()
export class RateLimiter {
  private readonly limits: Record<RateLimitClass, ClassLimits>;
  private readonly windowMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.limits = classLimits(config);
    this.windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
    // Sent by its SHA after the first call (ioredis loads it again if Redis has lost it).
    if (!('rateLimitSlidingWindows' in redis)) redis.defineCommand('rateLimitSlidingWindows', { lua: SLIDING_WINDOW_SCRIPT });
  }

  /** Counts the request under every class (and its API key's limit); null when it may go ahead, else the seconds to wait. */
  async consume(classes: readonly RateLimitClass[], caller: RateLimitCaller, now = Date.now()): Promise<{ retryAfter: number } | null> {
    const counters: Counter[] = [];
    if (caller.apiKey) {
      counters.push({
        key: this.keys.of('rate', 'api-key', caller.apiKey.id),
        limit: caller.apiKey.perMinute,
        windowMs: API_KEY_WINDOW_MS,
      });
    }
    for (const cls of classes) {
      const { perAccount, perAddress } = this.limits[cls];
      if (caller.account && perAccount !== undefined) {
        counters.push({
          key: this.keys.of('rate', cls, 'account', caller.account.population, caller.account.id),
          limit: perAccount,
          windowMs: this.windowMs,
        });
      }
      counters.push({ key: this.keys.of('rate', cls, 'address', caller.address), limit: perAddress, windowMs: this.windowMs });
    }
    if (counters.length === 0) return null;
    const placed = counters.map((c) => {
      const window = Math.floor(now / c.windowMs);
      return { ...c, window, elapsed: now - window * c.windowMs };
    });
    const keys = placed.flatMap((c) => [`${c.key}:${c.window}`, `${c.key}:${c.window - 1}`]);
    const [full, current, previous] = await (this.redis as SlidingWindowRedis).rateLimitSlidingWindows(
      keys.length,
      ...keys,
      ...placed.flatMap((c) => [c.windowMs, c.elapsed, c.limit]),
    );
    if (full === 0) return null;
    const refused = placed[full - 1];
    return { retryAfter: secondsUntilRoom(refused.limit, current, previous, refused.elapsed, refused.windowMs) };
  }
}
