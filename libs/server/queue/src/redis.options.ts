import type { RedisOptions } from 'ioredis';

/** Connection options of ioredis from a redis:// or rediss:// URL (user, password, database number, TLS). */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`Redis URL must start with redis:// or rediss://, got "${parsed.protocol}//"`);
  }
  const path = parsed.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0) throw new Error(`Redis URL has an invalid database number "${path}"`);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    db,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
