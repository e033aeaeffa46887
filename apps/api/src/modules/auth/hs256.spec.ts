import { createHmac, createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { signHs256, verifyHs256 } from './hs256';

const key = createSecretKey(Buffer.from('a-secret-of-the-tests', 'utf8'));
const otherKey = createSecretKey(Buffer.from('another-secret', 'utf8'));
const claims = { sid: '0f5e1c9e-77a4-4b0e-9d0e-4c1d2a9b8e11', pop: 'user', sub: 42, tid: 7 };
const ttl = 7 * 24 * 3600;
const now = Date.UTC(2026, 10, 28, 1, 2, 3, 456);
const seconds = Math.floor(now / 1000);

/** jsonwebtoken's token for the same claims at `now`. */
const reference = (payload: object, options: jwt.SignOptions = { algorithm: 'HS256', expiresIn: ttl }, secret = key) =>
  jwt.sign({ ...payload, iat: seconds }, secret, options);

describe('HS256 tokens', () => {
  it('are the bytes jsonwebtoken writes for the same claims and second', () => {
    expect(signHs256(claims, key, ttl, now)).toBe(reference(claims));
    expect(signHs256({ ...claims, pop: 'tenant', sid: '会话' }, key, ttl, now)).toBe(reference({ ...claims, pop: 'tenant', sid: '会话' }));
  });

  it('give back the claims of a token jsonwebtoken signed, while it lasts', () => {
    const token = reference(claims);
    expect(verifyHs256(token, key, now)).toEqual(jwt.verify(token, key, { algorithms: ['HS256'], clockTimestamp: seconds }));
    expect(verifyHs256(token, key, (seconds + ttl - 1) * 1000)).toMatchObject(claims);
    expect(verifyHs256(token, key, (seconds + ttl) * 1000)).toBeNull();
  });

  it('refuse what jsonwebtoken refuses', () => {
    const token = signHs256(claims, key, ttl, now);
    const [header, payload, signature] = token.split('.');
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    /** A token of this header and payload with a valid signature. */
    const resign = (h: string, p: string) => `${h}.${p}.${createHmac('sha256', key).update(`${h}.${p}`).digest('base64url')}`;
    const notJson = Buffer.from('{not json').toString('base64url');
    const refused = [
      '',
      'not.a.token',
      `${header}.${payload}`,
      `${header}.${payload}.`,
      `${header}.${payload}.${signature}x`,
      `${header}.${encode({ ...claims, sub: 43, iat: seconds, exp: seconds + ttl })}.${signature}`,
      signHs256(claims, otherKey, ttl, now),
      `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      resign(encode({ alg: 'HS512', typ: 'JWT' }), payload),
      resign(header, encode({ ...claims, exp: String(seconds + ttl) })),
      resign(header, encode({ ...claims, exp: seconds - 1 })),
      resign(header, encode({ ...claims, nbf: seconds + 60, exp: seconds + ttl })),
      resign(header, encode({ ...claims, nbf: 'soon' })),
      resign(header, notJson),
      resign(notJson, payload),
    ];
    for (const candidate of refused) {
      expect(() => jwt.verify(candidate, key, { algorithms: ['HS256'], clockTimestamp: seconds })).toThrow();
      expect([candidate, verifyHs256(candidate, key, now)]).toEqual([candidate, null]);
    }
    const accepted = resign(header, encode({ ...claims, nbf: seconds, exp: seconds + 1 }));
    expect(verifyHs256(accepted, key, now)).toEqual(jwt.verify(accepted, key, { algorithms: ['HS256'], clockTimestamp: seconds }));
  });
});
