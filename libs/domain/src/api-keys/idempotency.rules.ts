/** Retries of POST requests with an Idempotency-Key header: the first one runs, the others get its answer. */
export const IdempotencyMsg = {
  keyInvalid: '幂等键须为1至100个可打印ASCII字符',
  reusedDifferently: '幂等键已用于不同的请求',
  inProgress: '相同幂等键的请求正在处理',
} as const;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1 to 100 printable ASCII characters (space to tilde). */
export const isIdempotencyKey = (value: string): boolean => /^[\x20-\x7e]{1,100}$/.test(value);

/** A value as JSON text with the keys of every object sorted, so equal content gives equal text whatever the order it came in. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    if (value instanceof Date) return JSON.stringify(value.toISOString());
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  return JSON.stringify(value) ?? 'null';
}

/** A file of a multipart request, as far as the request's identity goes. */
export interface RequestFileDigest {
  field: string;
  name: string;
  size: number;
  sha256: string;
}

/**
 * The text that identifies a request for its Idempotency-Key: the method, the path, the query
 * (without the ignored timestamp) and the body, each canonical, and the digests of its files in
 * the order they came.
 */
export function canonicalRequest(
  method: string,
  path: string,
  query: Readonly<Record<string, unknown>>,
  body: unknown,
  files: readonly RequestFileDigest[] = [],
): string {
  const rest = Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'timestamp'));
  return [method.toUpperCase(), path, canonicalJson(rest), canonicalJson(body ?? {}), canonicalJson(files)].join('\n');
}
