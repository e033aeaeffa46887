import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import { REDIS, RedisKeys } from '@valuation/queue';
import type { Population } from '@valuation/domain';
import { signHs256, verifyHs256 } from './hs256';

export interface SessionClaims {
  sid: string;
  pop: Population;
  sub: number;
  tid: number;
}

function isSessionClaims(v: Record<string, unknown>): v is Record<string, unknown> & SessionClaims {
  return typeof v.sid === 'string' && (v.pop === 'user' || v.pop === 'tenant') && Number.isInteger(v.sub) && Number.isInteger(v.tid);
}

/**
 * Sessions live in Redis; the JWT only names one. Logout or a disabled account removes the Redis
 * entry, so the token stops working at once. Every authenticated answer slides the expiry.
 */
@Injectable()
export class SessionService {
  /** The signing key, made once: a string secret would be parsed as a key on every token. */
  private readonly key: KeyObject;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  }

  async create(pop: Population, sub: number, tid: number): Promise<string> {
    const sid = randomUUID();
    const ttl = this.config.SESSION_TTL_SECONDS;
    await this.redis
      .multi()
      .set(this.keys.of('session', sid), JSON.stringify({ pop, sub, tid }), 'EX', ttl)
      .sadd(this.keys.of('sessions', pop, String(sub)), sid)
      .expire(this.keys.of('sessions', pop, String(sub)), ttl)
      .exec();
    return this.sign({ sid, pop, sub, tid });
  }

  sign(claims: SessionClaims): string {
    return signHs256(claims, this.key, this.config.SESSION_TTL_SECONDS);
  }

  /** The claims of a valid token whose session is still open, else null. */
  async verify(token: string): Promise<SessionClaims | null> {
    const claims = this.decode(token);
    if (!claims) return null;
    return this.matches(claims, await this.redis.get(this.keys.of('session', claims.sid))) ? claims : null;
  }

  /** For claims already decoded: checks the session is open and slides it, in one round trip. */
  async refresh(claims: SessionClaims): Promise<{ claims: SessionClaims; token: string } | null> {
    const ttl = this.config.SESSION_TTL_SECONDS;
    const results = await this.redis
      .multi()
      .get(this.keys.of('session', claims.sid))
      .expire(this.keys.of('session', claims.sid), ttl)
      .expire(this.keys.of('sessions', claims.pop, String(claims.sub)), ttl)
      .exec();
    const stored = results?.[0]?.[1];
    if (!this.matches(claims, typeof stored === 'string' ? stored : null)) return null;
    return { claims, token: this.sign({ sid: claims.sid, pop: claims.pop, sub: claims.sub, tid: claims.tid }) };
  }

  /** The claims of a token signed by us and not expired (whether its session is open is not checked). */
  decode(token: string): SessionClaims | null {
    const decoded = verifyHs256(token, this.key);
    return decoded && isSessionClaims(decoded) ? decoded : null;
  }

  private matches(claims: SessionClaims, stored: string | null): boolean {
    if (!stored) return false;
    const session = JSON.parse(stored) as { pop: Population; sub: number };
    return session.pop === claims.pop && session.sub === claims.sub;
  }

  async revoke(claims: Pick<SessionClaims, 'sid' | 'pop' | 'sub'>): Promise<void> {
    await this.redis
      .multi()
      .del(this.keys.of('session', claims.sid))
      .srem(this.keys.of('sessions', claims.pop, String(claims.sub)), claims.sid)
      .exec();
  }

  /** Ends every session of one account (password change, disabling). */
  async revokeAll(pop: Population, sub: number): Promise<void> {
    const setKey = this.keys.of('sessions', pop, String(sub));
    const sids = await this.redis.smembers(setKey);
    const multi = this.redis.multi();
    for (const sid of sids) multi.del(this.keys.of('session', sid));
    multi.del(setKey);
    await multi.exec();
  }
}
