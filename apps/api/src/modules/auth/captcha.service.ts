import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import svgCaptcha from 'svg-captcha';
import { REDIS, RedisKeys } from '@valuation/queue';
import { Msg } from '@valuation/domain';
import type { CaptchaResponse } from '@valuation/contracts';
import { ApiError } from '../../common/api-error';

export const CAPTCHA_TTL_SECONDS = 300;

/** Image captchas whose answers live in Redis under captcha:{identity} for 5 minutes, usable once. */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async issue(): Promise<CaptchaResponse> {
    const { text, data } = svgCaptcha.create({
      size: 4,
      noise: 2,
      color: true,
      ignoreChars: '0oO1iIlL',
      width: 120,
      height: 40,
      background: '#f1f3f5',
    });
    const identity = randomUUID();
    await this.redis.set(this.keys.of('captcha', identity), text.toLowerCase(), 'EX', CAPTCHA_TTL_SECONDS);
    return { captcha: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, identity };
  }

  /** Consumes the answer: whatever the outcome, the same identity never works twice. */
  async check(identity: string, answer: string): Promise<void> {
    const expected = await this.redis.getdel(this.keys.of('captcha', identity));
    if (expected === null) throw ApiError.badRequest(Msg.captchaExpired);
    if (expected !== answer.trim().toLowerCase()) throw ApiError.badRequest(Msg.captchaWrong);
  }
}
