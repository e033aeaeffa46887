import { DEFAULT_TILE_URL } from '../map/map-config';
import { contentSecurityPolicy, HSTS, tileSource, webSecurityHeaders } from './web-headers';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe('the web server headers', () => {
  it('allow scripts from the application itself only, never inline or evaluated', () => {
    const csp = directives(contentSecurityPolicy(DEFAULT_TILE_URL));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Inline code is allowed for styles only (Mantine's <style> elements).
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect([...csp.entries()].filter(([, sources]) => sources.includes("'unsafe-inline'")).map(([name]) => name)).toEqual(['style-src']);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('allow images from the map tile service the build uses', () => {
    expect(directives(contentSecurityPolicy(DEFAULT_TILE_URL)).get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    expect(tileSource('https://{s}.tiles.example.cn/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.cn');
    expect(tileSource('HTTPS://webrd0{s}.is.autonavi.com/appmaptile?x={x}')).toBe('https://*.is.autonavi.com');
    expect(tileSource('https://tiles.{s}.example.cn/{z}/{x}/{y}.png')).toBeNull();
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(directives(contentSecurityPolicy('/tiles/{z}/{x}/{y}.png')).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('forbid framing by other sites and content sniffing, and send HSTS over HTTPS only', () => {
    const plain = webSecurityHeaders(DEFAULT_TILE_URL);
    expect(plain).toMatchObject({ 'X-Frame-Options': 'SAMEORIGIN', 'X-Content-Type-Options': 'nosniff' });
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(webSecurityHeaders(DEFAULT_TILE_URL, true)['Strict-Transport-Security']).toBe(HSTS);
  });
});
