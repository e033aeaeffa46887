export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Appends each defined value; arrays become repeated keys (`ids=1&ids=2`). */
export function appendParams(target: URLSearchParams, params: QueryParams | undefined): URLSearchParams {
  if (!params) return target;
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      target.append(key, String(v));
    }
  }
  return target;
}

/** `api/x` and `/api/x` both address the API under the current origin. */
export function normalisePath(url: string): string {
  if (/^https?:\/\//i.test(url) || url.startsWith('/')) return url;
  return `/${url}`;
}

/** The request URL with its query and the `timestamp` parameter every request carries. */
export function buildRequestUrl(url: string, query: QueryParams | undefined, timestamp: number): string {
  const path = normalisePath(url);
  const params = appendParams(new URLSearchParams(), query);
  params.set('timestamp', String(timestamp));
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** `Bearer abc` → `abc`; anything without a token gives undefined. */
export function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : undefined;
}
