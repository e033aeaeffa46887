import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * JSON Web Tokens signed with HMAC SHA-256, as jsonwebtoken writes and checks them with
 * `{ algorithm: 'HS256', expiresIn }` and `{ algorithms: ['HS256'] }` (the same bytes for the same
 * claims and second), without its option checking and stream wrappers, which cost more than the
 * HMAC on every request.
 */

/** `{"alg":"HS256","typ":"JWT"}`, the header jsonwebtoken writes for an object payload. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A compact JWS as jws accepts it: three base64url parts, the signature possibly empty. */
const COMPACT = /^[a-zA-Z0-9\-_]+?\.[a-zA-Z0-9\-_]+?\.([a-zA-Z0-9\-_]+)?$/;

const signature = (key: KeyObject, input: string) => createHmac('sha256', key).update(input).digest('base64url');

/** The token of `claims` issued now (iat, in seconds) and expiring `ttlSeconds` later (exp). */
export function signHs256(claims: object, key: KeyObject, ttlSeconds: number, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${signature(key, input)}`;
}

function parseJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The payload of a token signed with `key` by HS256 whose header names HS256, that is active (nbf,
 * when present, is a number not after now) and not expired (exp, when present, is a number after
 * now); else null.
 */
export function verifyHs256(token: string, key: KeyObject, nowMs = Date.now()): Record<string, unknown> | null {
  if (!COMPACT.test(token)) return null;
  const [header, payload, given] = token.split('.');
  const expected = signature(key, `${header}.${payload}`);
  if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  const head = parseJson(header) as { alg?: unknown } | null | undefined;
  if (!head || typeof head !== 'object' || head.alg !== 'HS256') return null;
  const claims = parseJson(payload);
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
  const { nbf, exp } = claims as { nbf?: unknown; exp?: unknown };
  const now = Math.floor(nowMs / 1000);
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  if (exp !== undefined && (typeof exp !== 'number' || now >= exp)) return null;
  return claims as Record<string, unknown>;
}
