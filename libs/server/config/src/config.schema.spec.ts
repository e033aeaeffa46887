import { businessTimeZone, DEFAULT_BUSINESS_TZ, setBusinessTimeZone } from '@valuation/domain';
import { ConfigError, loadConfig, workerQueues } from './config.schema';

describe('configuration', () => {
  it('works with nothing set, on local defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      API_PORT: 3001,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/valuation',
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      WORKER_QUEUES: 'all',
      BUSINESS_TZ: 'Asia/Shanghai',
    });
    expect(workerQueues(c).length).toBeGreaterThan(0);
  });

  it('lists every missing or malformed variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        API_PORT: 'eighty',
        DATABASE_URL: 'not a url',
        WORKER_QUEUES: 'audit,bogus',
        NODE_ENV: 'production',
        BUSINESS_TZ: 'Asia/Beijing',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/API_PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/WORKER_QUEUES: unknown queue "bogus"/);
    expect(problems).toMatch(/JWT_SECRET: must be set in production/);
    expect(problems).toMatch(/BUSINESS_TZ: not an IANA time zone/);
  });

  it('takes the queue dashboard login whole or not at all', () => {
    expect(loadConfig({ OPS_USER: 'ops', OPS_PASSWORD: 'a-long-operator-password' }).OPS_USER).toBe('ops');
    expect(() => loadConfig({ OPS_USER: 'ops' })).toThrow(/OPS_USER, OPS_PASSWORD: set both/);
    expect(() => loadConfig({ OPS_USER: 'ops', OPS_PASSWORD: 'short' })).toThrow(/OPS_PASSWORD/);
    expect(() => loadConfig({ OPS_USER: '运维', OPS_PASSWORD: 'a-long-operator-password' })).toThrow(/OPS_USER/);
  });

  it('explains problems in English for operators, though the domain library makes zod answer users in Chinese', () => {
    expect(() => loadConfig({ API_WORKERS: '0' })).toThrow('API_WORKERS: Too small: expected number to be >=1');
  });

  it('makes BUSINESS_TZ the business zone of the process', () => {
    try {
      expect(loadConfig({ BUSINESS_TZ: 'America/New_York' }).BUSINESS_TZ).toBe('America/New_York');
      expect(businessTimeZone()).toBe('America/New_York');
      expect(() => loadConfig({ BUSINESS_TZ: 'Europe/Nowhere' })).toThrow(ConfigError);
      expect(businessTimeZone()).toBe('America/New_York');
      loadConfig({});
      expect(businessTimeZone()).toBe(DEFAULT_BUSINESS_TZ);
    } finally {
      setBusinessTimeZone(DEFAULT_BUSINESS_TZ);
    }
  });

  it('treats empty variables as unset and chooses queues from WORKER_QUEUES', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
    expect(workerQueues(loadConfig({ WORKER_QUEUES: ' audit ' }))).toEqual(['audit']);
  });
});
