import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Options } from 'pino-http';
import { logTransport, type AppConfig } from '@valuation/config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export const REDACTED = '[Redacted]';

/** Query parameters that carry a credential (a session token, a download ticket), in any casing. */
const SECRET_PARAMETERS = new Set(['authorization', 'token', 'access_token', 'ticket']);

const isSecretParameter = (name: string) => SECRET_PARAMETERS.has(name.toLowerCase());

/** `name=value` pairs of a query (or of text quoting one); the name may be percent-encoded. */
const QUERY_PAIR = /(^|[?&;\s])([^=?&#;\s]+)=([^&#;\s]*)/g;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** A bearer token written out in text (an error message, a header copied into a field). */
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/gi;

/**
 * The text with every credential in it replaced: the values of the query parameters
 * `Authorization`, `token`, `access_token` and `ticket` (any casing) of each URL it holds, and
 * bearer tokens.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(BEARER, `$1${REDACTED}`)
    .replace(QUERY_PAIR, (pair, sep: string, name: string) => (isSecretParameter(decodedName(name)) ? `${sep}${name}=${REDACTED}` : pair));
}

/** A copy of a parsed query without the values of credential parameters. */
export function redactQuery(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) copy[key] = isSecretParameter(key) ? REDACTED : value;
  return copy;
}

interface SerializedRequest {
  url?: unknown;
  query?: unknown;
}

interface SerializedError {
  message?: unknown;
  stack?: unknown;
}

/**
 * Serializers of every API log line. `req` is pino's own serialization of the request (its `query`
 * is the live object of the request, so it is replaced by a copy, never changed); `url` is the
 * field the exception filter logs; `err` gets its message and stack cleaned, since routing errors
 * quote the URL.
 */
export const logSerializers = {
  req: (req: SerializedRequest) => {
    if (typeof req.url === 'string') req.url = redactSecrets(req.url);
    if (req.query !== undefined) req.query = redactQuery(req.query);
    return req;
  },
  url: (url: unknown) => (typeof url === 'string' ? redactSecrets(url) : url),
  err: (err: SerializedError) => {
    if (typeof err.message === 'string') err.message = redactSecrets(err.message);
    if (typeof err.stack === 'string') err.stack = redactSecrets(err.stack);
    return err;
  },
};

/**
 * Header fields that are never logged. Node gives request headers in lower case, but a header
 * object built by hand may not be, so both casings are listed.
 */
export const LOG_REDACT_PATHS = ['authorization', 'Authorization', 'cookie', 'Cookie', 'set-cookie', 'Set-Cookie'].flatMap((name) => [
  `req.headers["${name}"]`,
  `res.headers["${name}"]`,
]);

/** The request logger of the API: one line per request with its id, credentials left out. */
export function httpLoggerOptions(config: AppConfig): Options {
  return {
    level: config.LOG_LEVEL,
    genReqId: (req, res) => {
      const id = requestId(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: logSerializers,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    transport: logTransport(config),
  };
}
