import { canonicalJson, canonicalRequest, isIdempotencyKey } from './idempotency.rules';

describe('Idempotency-Key values', () => {
  it('are 1 to 100 printable ASCII characters', () => {
    expect(isIdempotencyKey('a')).toBe(true);
    expect(isIdempotencyKey('order-2026/11/28 #1 ~')).toBe(true);
    expect(isIdempotencyKey('x'.repeat(100))).toBe(true);
    expect(isIdempotencyKey('')).toBe(false);
    expect(isIdempotencyKey('x'.repeat(101))).toBe(false);
    expect(isIdempotencyKey('估价')).toBe(false);
    expect(isIdempotencyKey('a\tb')).toBe(false);
    expect(isIdempotencyKey('a\u007fb')).toBe(false);
  });
});

describe('canonical request text', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,1]},"b":1}');
    expect(canonicalJson({ a: { c: 'x', d: [3, 1] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [3, 1], c: 'x' } }));
    expect(canonicalJson([1, 3])).not.toBe(canonicalJson([3, 1]));
  });

  it('drops undefined fields and treats a missing body as an empty one', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalRequest('post', '/api/x', {}, undefined)).toBe(canonicalRequest('POST', '/api/x', {}, {}));
  });

  it('tells apart form fields sent in another order only by their values', () => {
    const a = canonicalRequest('POST', '/api/eval/rapid', { evalType: '1' }, { cityCode: '110100', area: '88' });
    const b = canonicalRequest('POST', '/api/eval/rapid', { evalType: '1' }, { area: '88', cityCode: '110100' });
    const c = canonicalRequest('POST', '/api/eval/rapid', { evalType: '1' }, { area: '89', cityCode: '110100' });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('ignores the timestamp query parameter but not the others, nor the path or the files', () => {
    const base = canonicalRequest('POST', '/api/eval/rapid', { evalType: '1' }, {});
    expect(canonicalRequest('POST', '/api/eval/rapid', { evalType: '1', timestamp: '1700000000' }, {})).toBe(base);
    expect(canonicalRequest('POST', '/api/eval/rapid', { evalType: '2' }, {})).not.toBe(base);
    expect(canonicalRequest('POST', '/api/eval/reval', { evalType: '1' }, {})).not.toBe(base);
    const file = { field: 'file', name: 'a.xlsx', size: 10, sha256: 'ab' };
    expect(canonicalRequest('POST', '/api/eval/rapid', { evalType: '1' }, {}, [file])).not.toBe(base);
  });
});
