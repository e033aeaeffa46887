import { ConfigError, loadConfig } from './config.schema';
import { trustProxySchema } from './trust-proxy';

describe('TRUST_PROXY', () => {
  const parse = (value: string) => trustProxySchema.safeParse(value);

  it('reads nobody, a hop count, or addresses and ranges', () => {
    expect(parse('none').data).toBe(false);
    expect(parse('false').data).toBe(false);
    expect(parse('2').data).toBe(2);
    expect(parse('loopback').data).toEqual(['loopback']);
    expect(parse(' 10.0.0.0/8, 192.168.1.7 ,fc00::/7,Loopback ').data).toEqual(['10.0.0.0/8', '192.168.1.7', 'fc00::/7', 'loopback']);
  });

  it('refuses trusting everybody and what is not an address', () => {
    expect(parse('true').success).toBe(false);
    expect(parse('').success).toBe(false);
    expect(parse('10.0.0.0/33').success).toBe(false);
    expect(parse('proxy.example.com').success).toBe(false);
    expect(parse('10.0.0.1/8/1').success).toBe(false);
    expect(parse('loopback, everyone').error?.issues[0].message).toMatch(/everyone/);
  });

  it('trusts loopback (the web server on the same machine) unless told otherwise, and stops the start on a bad value', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).TRUST_PROXY).toEqual(['uniquelocal']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  });
});
