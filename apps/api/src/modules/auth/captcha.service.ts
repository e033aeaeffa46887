import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import svgCaptcha from 'svg-captcha';
import { REDIS, RedisKeys } from '@valuation/queue';
import { Msg } from '@valuation/domain';
import type { CaptchaResponse } from '@valuation/contracts';
import { ApiError } from '../../common/api-error';

export const CAPTCHA_TTL_SECONDS = 300;

/** How hard a captcha is to read; a hard one is asked where logins have been failing. */
export type CaptchaLevel = 'normal' | 'hard';

/** Characters and noise lines of each level; the level of an answer is known by its length. */
const LEVELS: Record<CaptchaLevel, { size: number; noise: number }> = {
  normal: { size: 4, noise: 2 },
  hard: { size: 6, noise: 5 },
};

/** Image captchas whose answers live in Redis under captcha:{identity} for 5 minutes, usable once. */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async issue(level: CaptchaLevel = 'normal'): Promise<CaptchaResponse> {
    const { text, data } = svgCaptcha.create({
      ...LEVELS[level],
      color: true,
      ignoreChars: '0oO1iIlL',
      width: level === 'hard' ? 160 : 120,
      height: 40,
      background: '#f1f3f5',
    });
    const identity = randomUUID();
    await this.redis.set(this.keys.of('captcha', identity), text.toLowerCase(), 'EX', CAPTCHA_TTL_SECONDS);
    return { captcha: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, identity };
  }

  /** Consumes the answer (whatever the outcome, the same identity never works twice) and says how hard the captcha was. */
  async check(identity: string, answer: string): Promise<CaptchaLevel> {
    const expected = await this.redis.getdel(this.keys.of('captcha', identity));
    if (expected === null) throw ApiError.badRequest(Msg.captchaExpired);
    if (expected !== answer.trim().toLowerCase()) throw ApiError.badRequest(Msg.captchaWrong);
    return expected.length >= LEVELS.hard.size ? 'hard' : 'normal';
  }
}
