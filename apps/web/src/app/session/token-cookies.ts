import Cookies from 'js-cookie';
import type { Population } from '@valuation/domain';
import { POPULATIONS } from './population';

/** Days a token and the user name are kept when 记住账号 is ticked. */
export const REMEMBER_DAYS = 14;

/**
 * The attributes of every session cookie: the whole site, never sent with another site's
 * requests (SameSite=Lax), and only over HTTPS when the site is served over HTTPS. The spec keeps
 * the token readable by the page's scripts, so the Content-Security-Policy is what guards it.
 */
export function cookieAttributes(protocol: string): Cookies.CookieAttributes {
  return { path: '/', sameSite: 'lax', secure: protocol === 'https:' };
}

const base = () => cookieAttributes(window.location.protocol);

export function readToken(population: Population): string | undefined {
  return Cookies.get(POPULATIONS[population].tokenCookie) || undefined;
}

export function isRemembered(population: Population): boolean {
  return Cookies.get(POPULATIONS[population].rememberCookie) === '1';
}

/**
 * Stores a token. `remember` chooses a 14-day cookie or a session cookie; when omitted (a token
 * refreshed by the server) the mode chosen at login is kept.
 */
export function writeToken(population: Population, token: string, remember?: boolean): void {
  const cfg = POPULATIONS[population];
  const persistent = remember ?? isRemembered(population);
  Cookies.set(cfg.tokenCookie, token, persistent ? { ...base(), expires: REMEMBER_DAYS } : base());
}

export function clearToken(population: Population): void {
  Cookies.remove(POPULATIONS[population].tokenCookie, base());
}

/** After a successful login: the user name is kept for prefilling, with the token's expiry mode. */
export function rememberLogin(population: Population, userName: string, remember: boolean): void {
  const cfg = POPULATIONS[population];
  const options = remember ? { ...base(), expires: REMEMBER_DAYS } : base();
  Cookies.set(cfg.nameCookie, userName, options);
  if (remember) Cookies.set(cfg.rememberCookie, '1', options);
  else Cookies.remove(cfg.rememberCookie, base());
}

export function rememberedName(population: Population): string {
  return Cookies.get(POPULATIONS[population].nameCookie) ?? '';
}
