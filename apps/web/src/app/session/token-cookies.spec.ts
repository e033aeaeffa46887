import { cookieAttributes } from './token-cookies';

describe('token cookie attributes', () => {
  it('are Secure when the site is served over HTTPS, and SameSite=Lax on the whole site always', () => {
    expect(cookieAttributes('https:')).toEqual({ path: '/', sameSite: 'lax', secure: true });
    expect(cookieAttributes('http:')).toEqual({ path: '/', sameSite: 'lax', secure: false });
  });
});
