import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { QUEUE_BOARD_PATH } from './queue-board';

type Directives = Record<string, string[]>;

/**
 * The API's own answers are JSON and files: nothing in them may run, load or be framed by another
 * site. Images may show when opened on their own.
 */
const API_CSP: Directives = {
  'default-src': ["'none'"],
  'img-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'self'"],
};

/**
 * The API description page (Swagger UI) and the operators' queue dashboard (Bull Board): their
 * scripts are files of their own; they inject styles and use data: images.
 */
const DOCS_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * A report page opened on its own: inline styles and inlined (data:) images only, no script, no
 * request anywhere, sandboxed; the web shows the same HTML in a sandboxed frame.
 */
export const REPORT_HTML_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/** Sent only over HTTPS (directly or from a trusted proxy): a browser must not learn it over plain HTTP. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Paths of the pages the API serves itself. */
const PAGE_PATHS = ['/api/docs', QUEUE_BOARD_PATH];

/**
 * Helmet's headers (nosniff, X-Frame-Options SAMEORIGIN, no referrer...) with a Content-Security-Policy
 * for the API and one for the pages it serves (its description, the queue dashboard), and HSTS when the request came over HTTPS. Whether
 * it did is Express's `req.secure`, which believes X-Forwarded-Proto only from trusted proxies.
 */
export function securityHeaders(): RequestHandler {
  const common = { crossOriginResourcePolicy: { policy: 'same-site' as const }, strictTransportSecurity: false };
  const api = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: API_CSP } });
  const docs = helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP } });
  return (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    return PAGE_PATHS.some((p) => req.path.startsWith(p)) ? docs(req, res, next) : api(req, res, next);
  };
}
