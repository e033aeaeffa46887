/**
 * The headers the web server (vite preview, nginx in the web image) sends with the application.
 * infra/docker/nginx.conf writes the same policy out for the default tile service.
 */

/**
 * Where a Leaflet tile URL template loads from, as a CSP source: a placeholder in the first label
 * of the host makes it a wildcard (`https://webrd0{s}.example.com/{z}/{x}/{y}.png` gives
 * `https://*.example.com`). Null for a template on the application's own origin, and for one a
 * source cannot express (a placeholder further right in the host).
 */
export function tileSource(template: string): string | null {
  const m = /^(https?:)\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const [first, ...rest] = m[2].toLowerCase().split('.');
  if (rest.some((label) => /[{}]/.test(label))) return null;
  const host = [/[{}]/.test(first) ? '*' : first, ...rest].join('.');
  return `${m[1].toLowerCase()}//${host}`;
}

/**
 * No script but the application's own files (the build has no inline script), nothing loaded
 * from elsewhere but map tiles, no plugins, no framing by other sites. Mantine injects <style>
 * elements, so styles (only styles) may be inline; images may be data: and blob: URLs (inlined
 * report images, previews of picked files).
 */
export function contentSecurityPolicy(tileUrl: string): string {
  const tiles = tileSource(tileUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Sent only with answers that went over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers of every answer of the web server; `https` when the request came over HTTPS. */
export function webSecurityHeaders(tileUrl: string, https = false): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(tileUrl),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), payment=()',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
