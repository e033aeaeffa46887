import { loadConfig } from './config.schema';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-some-length' };

describe('API_DOCS', () => {
  it('is off in production unless set, on in development and test', () => {
    expect(loadConfig(PRODUCTION).API_DOCS).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).API_DOCS).toBe(false);
  });

  it('takes only a boolean', () => {
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });
});
