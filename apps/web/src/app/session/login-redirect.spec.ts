import { loginUrlWithRedirect, resolveLoginTarget } from './login-redirect';

const here = 'http://127.0.0.1:3000/login?redirect=x';
const fallback = '/org/personal';

describe('resolveLoginTarget', () => {
  it('uses the redirect path on the same host, keeping its query', () => {
    expect(resolveLoginTarget('/org/valuationRecord?type=1', here, fallback)).toBe('/org/valuationRecord?type=1');
    expect(resolveLoginTarget('http://127.0.0.1:3000/channel/sysRole', here, fallback)).toBe('/channel/sysRole');
  });

  it('falls back without a redirect', () => {
    expect(resolveLoginTarget(null, here, fallback)).toBe(fallback);
    expect(resolveLoginTarget('', here, fallback)).toBe(fallback);
  });

  it('refuses other hosts and schemes', () => {
    expect(resolveLoginTarget('http://evil.example/org/personal', here, fallback)).toBe(fallback);
    expect(resolveLoginTarget('//evil.example/org/personal', here, fallback)).toBe(fallback);
    expect(resolveLoginTarget('http://127.0.0.1:4000/org/personal', here, fallback)).toBe(fallback);
    expect(resolveLoginTarget('javascript:alert(1)', here, fallback)).toBe(fallback);
  });

  it('never goes back to a login page', () => {
    expect(resolveLoginTarget('/login', here, fallback)).toBe(fallback);
    expect(resolveLoginTarget('/login?redirect=/org', here, fallback)).toBe(fallback);
    expect(resolveLoginTarget('/channelLogin', here, '/channel/channelPersonal')).toBe('/channel/channelPersonal');
    expect(resolveLoginTarget('/channellogin/', here, fallback)).toBe(fallback);
  });
});

describe('loginUrlWithRedirect', () => {
  it('encodes the current path and query', () => {
    expect(loginUrlWithRedirect('/login', '/org/personal?a=1&b=2')).toBe('/login?redirect=%2Forg%2Fpersonal%3Fa%3D1%26b%3D2');
  });
});
