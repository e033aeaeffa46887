import { redisOptionsFromUrl } from './redis.options';

describe('redisOptionsFromUrl', () => {
  it('reads host, port and database', () => {
    expect(redisOptionsFromUrl('redis://127.0.0.1:6379/2')).toEqual({ host: '127.0.0.1', port: 6379, db: 2 });
  });

  it('defaults the port and database', () => {
    expect(redisOptionsFromUrl('redis://cache.internal')).toEqual({ host: 'cache.internal', port: 6379, db: 0 });
  });

  it('reads user and password, decoded, and turns on TLS for rediss', () => {
    expect(redisOptionsFromUrl('rediss://app:p%40ss@[::1]:6380/0')).toEqual({
      host: '::1',
      port: 6380,
      db: 0,
      username: 'app',
      password: 'p@ss',
      tls: {},
    });
  });

  it('refuses other schemes and bad database numbers', () => {
    expect(() => redisOptionsFromUrl('http://127.0.0.1:6379')).toThrow('Redis URL must start with redis:// or rediss://');
    expect(() => redisOptionsFromUrl('redis://127.0.0.1:6379/x')).toThrow('invalid database number "x"');
  });
});
