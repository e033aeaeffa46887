/** The malformed requests the fuzz sends to one operation. */
import zlib from 'node:zlib';
import type { BodyEncoding, Field, JsonSchema, Operation } from './fuzz-operations';

export interface Probe {
  /** What the probe tries, e.g. `field:nul:cityName` or `charset-gbk`. */
  kind: string;
  method: string;
  /** Path and query string. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Bytes written to the socket as they are (requests Node's client refuses to send). */
  raw?: Buffer;
  /** Field names the probe made up (an answer may name them). */
  sentNames?: string[];
}

type Values = Record<string, unknown>;

/** Texts tried, in order, for a string field with a pattern; the first that matches is its usual value. */
const CANDIDATE_TEXTS = [
  '110100',
  '2024/01/01',
  'ABC123456789',
  'a',
  '1',
  '13800000000',
  'fuzz@example.com',
  'https://example.com/hook',
  'bank.example.com',
  '116.40,39.90',
];

const NAME_HINTS: [RegExp, string][] = [
  [/^(city|cityCode)$/i, '110100'],
  [/(date|time)$/i, '2024/01/01'],
  [/phone/i, '13800000000'],
  [/email/i, 'fuzz@example.com'],
  [/url/i, 'https://example.com/hook'],
  [/domain/i, 'bank.example.com'],
  [/code$/i, 'ABC123456789'],
];

const types = (schema: JsonSchema): string[] => [schema.type ?? []].flat() as string[];

/** A plausible value of a field, so that one mutated field at a time reaches the rules behind the others. */
export function usualValue(schema: JsonSchema, name: string, depth = 0): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if ('default' in schema && schema.default !== null) return schema.default;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options?.length) return usualValue(options.find((o) => !types(o).includes('null')) ?? options[0], name, depth);
  const t = types(schema);
  if (t.includes('integer') || t.includes('number')) {
    const min =
      typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
    const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
    return Math.min(Math.max(min, 1), max);
  }
  if (t.includes('boolean')) return true;
  if (t.includes('array')) return depth > 3 ? [] : [usualValue((schema.items ?? {}) as JsonSchema, name, depth + 1)];
  if (t.includes('object')) {
    const out: Values = {};
    if (depth > 3) return out;
    for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
      out[key] = usualValue(child, key, depth + 1);
    return out;
  }
  const pattern = typeof schema.pattern === 'string' ? safeRegExp(schema.pattern) : undefined;
  const hint = NAME_HINTS.find(([re]) => re.test(name))?.[1];
  const candidates = hint ? [hint, ...CANDIDATE_TEXTS] : CANDIDATE_TEXTS;
  const text = pattern ? (candidates.find((c) => pattern.test(c)) ?? 'a') : (hint ?? 'a');
  return typeof schema.maxLength === 'number' ? text.slice(0, Math.max(1, schema.maxLength)) : text;
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** The usual values of a list of fields (files left out). */
export function usualValues(fields: readonly Field[]): Values {
  const out: Values = {};
  for (const f of fields) if (!f.file) out[f.name] = usualValue(f.schema, f.name);
  return out;
}

/** Values tried in each field, by label. Strings stay strings in every encoding; the others are typed in JSON. */
export const MALFORMED_VALUES: readonly (readonly [string, unknown])[] = [
  ['nul', 'a\u0000b'],
  ['huge', 'x'.repeat(100_000)],
  ['above-int32', 2147483648],
  ['above-int32-text', '99999999999'],
  ['huge-number', '99999999999999999999999'],
  ['negative', -1],
  ['fraction', 1.5],
  ['nan', 'NaN'],
  ['infinity', 'Infinity'],
  ['overflow', '1e309'],
  ['zero', 0],
  ['empty', ''],
  ['blank', '   '],
  ['letters', 'abc'],
  ['array', ['a', 'b']],
  ['object', { a: 'b' }],
  ['nested', [[['a']]]],
  ['boolean', true],
  ['null', null],
  ['astral', '𠮷😀'],
  ['lone-surrogate', '\ud800'],
  ['control', '\u0001\u001b\u007f'],
  ['quote', "' OR 1=1 --"],
  ['markup', '<script>alert(1)</script>'],
  ['bad-date', '2024/13/45'],
  ['percent', '%E0%A4%A'],
];

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate becomes U+FFFD, as any client would send it). */
function encodeText(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A query string cannot carry 100,000 characters (that is the header limit's case): shorter there. */
const QUERY_HUGE = 'x'.repeat(6_000);

function encodeQueryValue(key: string, value: unknown, out: string[]): void {
  const k = encodeText(key);
  if (Array.isArray(value)) {
    for (const v of value) out.push(`${k}=${encodeText(typeof v === 'string' ? v : JSON.stringify(v))}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [sub, v] of Object.entries(value)) out.push(`${encodeText(`${key}[${sub}]`)}=${encodeText(String(v))}`);
  } else if (value !== undefined) {
    out.push(`${k}=${encodeText(value === null ? '' : String(value))}`);
  }
}

export function encodeQuery(values: Values): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(values)) encodeQueryValue(key, value, out);
  return out.join('&');
}

/** A form body in the bracket notation of the API's form parser (`a[b]=1`, `list[]=x`). */
export function encodeForm(values: Values): string {
  const out: string[] = [];
  const walk = (key: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((v) => walk(`${key}[]`, v));
    else if (value !== null && typeof value === 'object') for (const [sub, v] of Object.entries(value)) walk(`${key}[${sub}]`, v);
    else if (value !== undefined) out.push(`${encodeText(key)}=${encodeText(value === null ? '' : String(value))}`);
  };
  for (const [key, value] of Object.entries(values)) walk(key, value);
  return out.join('&');
}

export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  type?: string;
}

/** A multipart body: objects as JSON text (as the API takes houseInfo), arrays as repeated fields. */
export function encodeMultipart(values: Values, files: readonly FilePart[], boundary: string): Buffer {
  const parts: Buffer[] = [];
  const text = (name: string, value: string) =>
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => text(name, typeof v === 'string' ? v : JSON.stringify(v)));
    else if (value !== null && typeof value === 'object') text(name, JSON.stringify(value));
    else text(name, value === null ? '' : String(value));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';

const CONTENT_TYPES: Record<BodyEncoding, string> = {
  form: 'application/x-www-form-urlencoded',
  json: 'application/json',
  multipart: `multipart/form-data; boundary=${BOUNDARY}`,
};

function encodeBody(encoding: BodyEncoding, values: Values, files: readonly FilePart[] = []): { type: string; body: Buffer } {
  if (encoding === 'json') return { type: CONTENT_TYPES.json, body: Buffer.from(JSON.stringify(values)) };
  if (encoding === 'multipart') return { type: CONTENT_TYPES.multipart, body: encodeMultipart(values, files, BOUNDARY) };
  return { type: CONTENT_TYPES.form, body: Buffer.from(encodeForm(values)) };
}

/** One small file for each file field, so upload routes see a complete request. */
function usualFiles(op: Operation): FilePart[] {
  return op.body
    .filter((f) => f.file)
    .map((f) => ({ field: f.name, filename: 'fuzz.txt', content: Buffer.from('fuzz'), type: 'text/plain' }));
}

export interface ProbeOptions {
  /** Authorization header value, or none for an anonymous caller. */
  authorization?: string;
  /** The API's body limit in bytes: one probe goes beyond it. */
  bodyLimitBytes: number;
}

/** Every probe of one operation for one caller: malformed values field by field, then malformed requests. */
export function probesFor(op: Operation, options: ProbeOptions): Probe[] {
  const auth: Record<string, string> = options.authorization ? { Authorization: options.authorization } : {};
  const usualQuery = usualValues(op.query);
  const usualBody = usualValues(op.body);
  const files = usualFiles(op);
  const mainEncoding = op.encodings[0];
  const hasBody = mainEncoding !== undefined;
  const probes: Probe[] = [];
  const withQuery = (query: Values, suffix = '') => {
    const qs = encodeQuery(query);
    return `${op.path}${suffix}${qs ? `?${qs}` : ''}`;
  };
  const probe = (
    kind: string,
    query: Values,
    body?: { encoding: BodyEncoding; values: Values; files?: FilePart[] },
    extra: Partial<Probe> = {},
  ) => {
    const encoded = body ? encodeBody(body.encoding, body.values, body.files ?? (body.encoding === 'multipart' ? files : [])) : undefined;
    probes.push({
      kind,
      method: op.method,
      target: withQuery(query),
      headers: { ...auth, ...(encoded ? { 'Content-Type': encoded.type } : {}), ...extra.headers },
      body: encoded?.body,
      ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'headers')),
    });
  };
  const usualBodyOf = (encoding = mainEncoding) => (hasBody ? { encoding: encoding!, values: usualBody } : undefined);

  probe('usual', usualQuery, usualBodyOf());

  for (const field of op.query) {
    for (const [label, value] of MALFORMED_VALUES) {
      const v = label === 'huge' ? QUERY_HUGE : value;
      probe(`query:${label}:${field.name}`, { ...usualQuery, [field.name]: v }, usualBodyOf());
    }
  }
  for (const field of op.body) {
    if (field.file) continue;
    for (const [label, value] of MALFORMED_VALUES) {
      // Typed values (numbers, objects, null...) go as JSON where the operation takes JSON; text in its usual encoding.
      const encoding = typeof value !== 'string' && op.encodings.includes('json') ? 'json' : mainEncoding!;
      probe(`body:${label}:${field.name}`, usualQuery, { encoding, values: { ...usualBody, [field.name]: value } });
    }
  }
  for (const field of op.query.filter((f) => f.required)) {
    const { [field.name]: _left, ...rest } = usualQuery;
    probe(`query:missing:${field.name}`, rest, usualBodyOf());
  }
  for (const field of op.body.filter((f) => f.required && !f.file)) {
    const { [field.name]: _left, ...rest } = usualBody;
    probe(`body:missing:${field.name}`, usualQuery, { encoding: mainEncoding!, values: rest });
  }
  probe('missing-all', {}, hasBody ? { encoding: mainEncoding!, values: {}, files: [] } : undefined);
  probe(
    'extra-field',
    { ...usualQuery, fuzzExtra: '1' },
    hasBody ? { encoding: mainEncoding!, values: { ...usualBody, fuzzExtra: '1' } } : undefined,
    {
      sentNames: ['fuzzExtra'],
    },
  );
  probe('every-query-array', Object.fromEntries(op.query.map((f) => [f.name, ['1', '2']])), usualBodyOf());
  probe('long-query', { ...usualQuery, q: 'x'.repeat(20_000) });
  probe('path-nul', usualQuery, undefined, { target: `${op.path}%00?${encodeQuery(usualQuery)}` });
  probe('path-bad-percent', usualQuery, undefined, { target: `${op.path}%E0%A4?${encodeQuery(usualQuery)}` });
  probe('query-bad-percent', usualQuery, undefined, { target: `${withQuery(usualQuery)}${op.query.length ? '&' : '?'}a=%E0%A4%A&%zz=1` });
  probe('query-authorization-garbage', { ...usualQuery, Authorization: 'Bearer \u0000abc' });
  probe('header-auth-garbage', usualQuery, usualBodyOf(), { headers: { Authorization: 'Bearer abc.def.ghi' } });
  probe('header-auth-long', usualQuery, usualBodyOf(), { headers: { Authorization: `Bearer ${'a'.repeat(8_000)}` } });
  probe('header-auth-basic', usualQuery, usualBodyOf(), { headers: { Authorization: 'Basic Zm9vOmJhcg==' } });
  probes.push({
    kind: 'raw-nul-header',
    method: op.method,
    target: op.path,
    headers: {},
    raw: Buffer.from(`${op.method} ${op.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fuzz: a\u0000b\r\nConnection: close\r\n\r\n`, 'latin1'),
  });
  probes.push({
    kind: 'raw-bad-request-line',
    method: op.method,
    target: op.path,
    headers: {},
    raw: Buffer.from(`${op.method} ${op.path} HTTP/1.1 extra\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1'),
  });

  if (op.method !== 'GET') probes.push(...requestBodyProbes(op, auth, usualQuery, usualBody, files, options));
  return probes;
}

/** Malformed bodies: syntax, nesting, charsets, compression, multipart framing, sizes. */
function requestBodyProbes(
  op: Operation,
  auth: Record<string, string>,
  usualQuery: Values,
  usualBody: Values,
  files: FilePart[],
  options: ProbeOptions,
): Probe[] {
  const qs = encodeQuery(usualQuery);
  const target = `${op.path}${qs ? `?${qs}` : ''}`;
  const form = Buffer.from(encodeForm(usualBody));
  const json = Buffer.from(JSON.stringify(usualBody));
  const raw = (kind: string, type: string | undefined, body: Buffer, headers: Record<string, string> = {}): Probe => ({
    kind,
    method: op.method,
    target,
    headers: { ...auth, ...(type ? { 'Content-Type': type } : {}), ...headers },
    body,
  });
  const deepJson = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
  const nul = Buffer.from(encodeForm({ ...usualBody, [op.body[0]?.name ?? 'a']: 'a\u0000b' }));
  return [
    raw('json-syntax', 'application/json', Buffer.from('{"a":')),
    raw('json-scalar', 'application/json', Buffer.from('"text"')),
    raw('json-number', 'application/json', Buffer.from('123')),
    raw('json-null', 'application/json', Buffer.from('null')),
    raw('json-array', 'application/json', Buffer.from('[1,2,3]')),
    raw('json-deep-object', 'application/json', Buffer.from(deepJson)),
    raw('json-deep-array', 'application/json', Buffer.from(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)),
    raw('json-proto', 'application/json', Buffer.from('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')),
    raw('json-nul-key', 'application/json', Buffer.from('{"a\\u0000b":"1"}')),
    raw('json-nul-escaped', 'application/json', Buffer.from(JSON.stringify({ ...usualBody, [op.body[0]?.name ?? 'a']: 'a\u0000b' }))),
    raw('form-nul', 'application/x-www-form-urlencoded', nul),
    raw('form-deep', 'application/x-www-form-urlencoded', Buffer.from(`a${'[b]'.repeat(60)}=1`)),
    raw(
      'form-many-parameters',
      'application/x-www-form-urlencoded',
      Buffer.from(Array.from({ length: 2_000 }, (_, i) => `p${i}=1`).join('&')),
    ),
    raw('form-bad-percent', 'application/x-www-form-urlencoded', Buffer.from('a=%E0%A4%A&%zz=1')),
    raw('charset-gbk-form', 'application/x-www-form-urlencoded; charset=gbk', form),
    raw('charset-gbk-json', 'application/json; charset=gbk', json),
    raw('charset-utf16-json', 'application/json; charset=utf-16', json),
    raw('charset-unknown', 'application/json; charset=x-fuzz', json),
    raw('gzip-bad', 'application/json', Buffer.from('this is not gzip'), { 'Content-Encoding': 'gzip' }),
    raw('gzip-truncated', 'application/json', zlib.gzipSync(json).subarray(0, 12), { 'Content-Encoding': 'gzip' }),
    raw('gzip-good', 'application/json', zlib.gzipSync(json), { 'Content-Encoding': 'gzip' }),
    raw('deflate-bad', 'application/x-www-form-urlencoded', Buffer.from('not deflate'), { 'Content-Encoding': 'deflate' }),
    raw('br-bad', 'application/json', Buffer.from('not brotli'), { 'Content-Encoding': 'br' }),
    raw('encoding-unknown', 'application/json', json, { 'Content-Encoding': 'compress' }),
    raw('gzip-bomb', 'application/json', zlib.gzipSync(Buffer.alloc(options.bodyLimitBytes * 4, 0x20)), { 'Content-Encoding': 'gzip' }),
    raw(
      'multipart-no-boundary',
      'multipart/form-data',
      Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'),
    ),
    raw('multipart-empty-boundary', 'multipart/form-data; boundary=', Buffer.from('--\r\n\r\n')),
    raw('multipart-garbage', `multipart/form-data; boundary=${BOUNDARY}`, Buffer.from('garbage without any boundary')),
    raw('multipart-truncated', CONTENT_TYPES.multipart, encodeMultipart(usualBody, files, BOUNDARY).subarray(0, 60)),
    raw(
      'multipart-nul-field',
      CONTENT_TYPES.multipart,
      encodeMultipart({ ...usualBody, [op.body[0]?.name ?? 'a']: 'a\u0000b' }, files, BOUNDARY),
    ),
    raw(
      'multipart-nul-filename',
      CONTENT_TYPES.multipart,
      encodeMultipart(usualBody, [{ field: files[0]?.field ?? 'file', filename: 'a\u0000b.txt', content: Buffer.from('x') }], BOUNDARY),
    ),
    {
      ...raw(
        'multipart-undeclared-file',
        CONTENT_TYPES.multipart,
        encodeMultipart(usualBody, [{ field: 'fuzzFile', filename: 'a.txt', content: Buffer.from('x') }], BOUNDARY),
      ),
      sentNames: ['fuzzFile'],
    },
    raw(
      'multipart-html-as-image',
      CONTENT_TYPES.multipart,
      encodeMultipart(
        usualBody,
        [{ field: files[0]?.field ?? 'file', filename: 'a.png', content: Buffer.from('BM<html><script>1</script>'), type: 'image/png' }],
        BOUNDARY,
      ),
    ),
    raw('text-plain', 'text/plain', Buffer.from('plain text')),
    raw('xml', 'application/xml', Buffer.from('<a>1</a>')),
    raw('no-content-type', undefined, Buffer.from('a=1')),
    raw('too-large', 'application/x-www-form-urlencoded', Buffer.from(`a=${'x'.repeat(options.bodyLimitBytes + 1_024)}`)),
  ];
}
