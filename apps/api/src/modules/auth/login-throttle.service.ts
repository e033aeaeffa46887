import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { REDIS, RedisKeys } from '@valuation/queue';
import type { Population } from '@valuation/domain';

/** How long an address stays known for an account after a successful login there. */
export const LOGIN_TRUST_SECONDS = 30 * 24 * 3600;

/**
 * Who a login attempt is about: `account:<id>` for each account the typed name may mean, or
 * `name:<typed name>` when it means none (so unknown names are throttled exactly like known ones).
 */
export type LoginSubject = `account:${number}` | `name:${string}`;

export const accountSubject = (id: number): LoginSubject => `account:${id}`;
export const nameSubject = (typed: string): LoginSubject => `name:${typed.trim().toLowerCase()}`;

/** What the throttle says about an attempt before the password is checked. */
export interface LoginVerdict {
  /** Seconds the address must still wait before trying, 0 when it may try now. */
  waitSeconds: number;
  /** Whether the attempt must come with a hard captcha. */
  hardCaptcha: boolean;
}

interface FailureCount {
  n: number;
  /** Epoch ms of the last failure. */
  last: number;
}

const count = (raw: [string | null, string | null] | undefined): FailureCount => ({
  n: Number(raw?.[0] ?? 0),
  last: Number(raw?.[1] ?? 0),
});

/**
 * Failed logins slow the guesser down without letting anyone lock a user out:
 * - per account and address: after LOGIN_MAX_FAILURES failures that address waits before trying
 *   the account again, LOGIN_DELAY_SECONDS doubling with each further failure up to
 *   LOGIN_MAX_DELAY_SECONDS; the account's own user elsewhere is not held up;
 * - per account, all addresses together: after LOGIN_HARD_CAPTCHA_AFTER failures, logins from
 *   addresses the account has not logged in from ask for a hard captcha, never a lock;
 * - per address: after LOGIN_MAX_FAILURES_PER_IP failures, whatever the accounts, the address waits
 *   the same way (accounts that logged in from it before excepted), and after
 *   LOGIN_HARD_CAPTCHA_AFTER it gets hard captchas.
 * Failures are counted per account id, whether the user typed the login name or the mobile number.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  private pairKey(pop: Population, subject: LoginSubject, ip: string) {
    return this.keys.of('login-fail', pop, 'pair', subject, ip);
  }
  private subjectKey(pop: Population, subject: LoginSubject) {
    return this.keys.of('login-fail', pop, 'subject', subject);
  }
  private addressKey(pop: Population, ip: string) {
    return this.keys.of('login-fail', pop, 'address', ip);
  }
  private trustKey(pop: Population, subject: LoginSubject, ip: string) {
    return this.keys.of('login-trust', pop, subject, ip);
  }
  private hardCaptchaKey(ip: string) {
    return this.keys.of('captcha-hard', ip);
  }

  /** Seconds still to wait after `failures` failures, the last at `last`, when waits start after `allowed` of them. */
  private waitAfter(failures: FailureCount, allowed: number, now: number): number {
    if (failures.n < allowed) return 0;
    const delay = Math.min(this.config.LOGIN_DELAY_SECONDS * 2 ** Math.min(failures.n - allowed, 30), this.config.LOGIN_MAX_DELAY_SECONDS);
    return Math.max(0, Math.ceil((failures.last + delay * 1000 - now) / 1000));
  }

  async assess(pop: Population, subjects: readonly LoginSubject[], ip: string, now = Date.now()): Promise<LoginVerdict> {
    const multi = this.redis.multi();
    for (const subject of subjects) {
      multi.hmget(this.pairKey(pop, subject, ip), 'n', 'last');
      multi.hmget(this.subjectKey(pop, subject), 'n', 'last');
      multi.exists(this.trustKey(pop, subject, ip));
    }
    multi.hmget(this.addressKey(pop, ip), 'n', 'last');
    const results = ((await multi.exec()) ?? []).map(([err, value]) => {
      if (err) throw err;
      return value;
    });

    let waitSeconds = 0;
    let hardCaptcha = false;
    let allTrusted = true;
    subjects.forEach((_subject, i) => {
      const pair = count(results[3 * i] as [string | null, string | null]);
      const overall = count(results[3 * i + 1] as [string | null, string | null]);
      const trusted = results[3 * i + 2] === 1;
      allTrusted &&= trusted;
      waitSeconds = Math.max(waitSeconds, this.waitAfter(pair, this.config.LOGIN_MAX_FAILURES, now));
      if (!trusted && overall.n >= this.config.LOGIN_HARD_CAPTCHA_AFTER) hardCaptcha = true;
    });
    const address = count(results[3 * subjects.length] as [string | null, string | null]);
    if (!allTrusted) {
      waitSeconds = Math.max(waitSeconds, this.waitAfter(address, this.config.LOGIN_MAX_FAILURES_PER_IP, now));
      if (address.n >= this.config.LOGIN_HARD_CAPTCHA_AFTER) hardCaptcha = true;
    }
    return { waitSeconds, hardCaptcha };
  }

  async recordFailure(pop: Population, subjects: readonly LoginSubject[], ip: string, now = Date.now()): Promise<void> {
    const ttl = Math.max(this.config.LOGIN_FAILURE_WINDOW_SECONDS, this.config.LOGIN_MAX_DELAY_SECONDS);
    const multi = this.redis.multi();
    const bump = (key: string) => multi.hincrby(key, 'n', 1).hset(key, 'last', now).expire(key, ttl);
    for (const subject of subjects) {
      bump(this.pairKey(pop, subject, ip));
      bump(this.subjectKey(pop, subject));
    }
    bump(this.addressKey(pop, ip));
    const results = (await multi.exec()) ?? [];
    const addressFailures = Number(results[results.length - 3]?.[1] ?? 0);
    if (addressFailures >= this.config.LOGIN_HARD_CAPTCHA_AFTER) await this.askHardCaptcha(ip);
  }

  /** The account's user got in from this address: its failures here are forgotten and the address becomes known. */
  async recordSuccess(pop: Population, subject: LoginSubject, ip: string): Promise<void> {
    await this.redis
      .multi()
      .del(this.pairKey(pop, subject, ip), this.subjectKey(pop, subject))
      .set(this.trustKey(pop, subject, ip), '1', 'EX', LOGIN_TRUST_SECONDS)
      .exec();
  }

  /** The next captchas this address fetches are hard ones, for the length of the failure window. */
  async askHardCaptcha(ip: string): Promise<void> {
    await this.redis.set(this.hardCaptchaKey(ip), '1', 'EX', this.config.LOGIN_FAILURE_WINDOW_SECONDS);
  }

  async wantsHardCaptcha(ip: string): Promise<boolean> {
    return (await this.redis.exists(this.hardCaptchaKey(ip))) === 1;
  }
}
