import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const API_KEY_PREFIX = 'vk_';

/** vk_ and 40 URL-safe characters (30 random bytes in base64url). */
const API_KEY_FORMAT = /^vk_[A-Za-z0-9_-]{40}$/;

/** How many leading characters of a key lists show. */
export const API_KEY_SHOWN_CHARS = 8;

/** A new key: vk_ and 40 URL-safe random characters. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
}

export const isApiKeyFormat = (text: string): boolean => API_KEY_FORMAT.test(text);

/** What is stored of a key: the SHA-256 of the whole key, in hex. */
export const hashApiKey = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** The part of a key shown in lists. */
export const apiKeyPrefix = (secret: string): string => secret.slice(0, API_KEY_SHOWN_CHARS);

/**
 * The API key a request presents: `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. Null when it
 * presents none (a bearer token or nothing); `malformed` when the header is there but holds no key
 * of the right form, or when the two headers disagree.
 */
export function presentedApiKey(headers: IncomingHttpHeaders): string | 'malformed' | null {
  const auth = headers.authorization;
  const fromAuth = typeof auth === 'string' && /^apikey\s/i.test(auth) ? auth.slice(6).trim() : null;
  const raw = headers['x-api-key'];
  const fromHeader = raw === undefined ? null : Array.isArray(raw) ? null : raw.trim();
  if (raw !== undefined && fromHeader === null) return 'malformed';
  if (fromAuth === null && fromHeader === null) return null;
  if (fromAuth !== null && fromHeader !== null && fromAuth !== fromHeader) return 'malformed';
  const key = fromAuth ?? fromHeader ?? '';
  return isApiKeyFormat(key) ? key : 'malformed';
}
