import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@valuation/config';

/** Builds Redis keys under REDIS_PREFIX, so several environments can share one Redis. */
@Injectable()
export class RedisKeys {
  readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = config.REDIS_PREFIX;
  }

  /** `of('captcha', id)` is `<prefix>:captcha:<id>`. */
  of(...parts: Array<string | number>): string {
    if (parts.length === 0) throw new Error('A Redis key needs at least one part after the prefix');
    return [this.prefix, ...parts].join(':');
  }
}
