import { bearerToken, buildRequestUrl } from './request-url';
import { populationOfPath, populationOfUrl } from '../session/population';

describe('buildRequestUrl', () => {
  it('adds the timestamp and repeats array values', () => {
    expect(buildRequestUrl('/api/auth/user/list', { organizationIds: [1, 2], status: 0, name: undefined }, 42)).toBe(
      '/api/auth/user/list?organizationIds=1&organizationIds=2&status=0&timestamp=42',
    );
  });

  it('accepts paths without a leading slash and existing queries', () => {
    expect(buildRequestUrl('api/site-config/delete?type=1', undefined, 7)).toBe('/api/site-config/delete?type=1&timestamp=7');
  });
});

describe('token kind', () => {
  it('uses the tenant token for URLs containing tenant', () => {
    expect(populationOfUrl('/api/tenant/login')).toBe('tenant');
    expect(populationOfUrl('api/org/tenant/list')).toBe('tenant');
    expect(populationOfUrl('/api/auth/user/login-user')).toBe('user');
  });

  it('maps browser paths to their population', () => {
    expect(populationOfPath('/channelLogin')).toBe('tenant');
    expect(populationOfPath('/channel/sysRole')).toBe('tenant');
    expect(populationOfPath('/org/personal')).toBe('user');
    expect(populationOfPath('/login')).toBe('user');
  });
});

describe('bearerToken', () => {
  it('reads the refreshed token of a response header', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c');
    expect(bearerToken('bearer  xyz ')).toBe('xyz');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(null)).toBeUndefined();
  });
});
