/** Paths of the two login pages; a redirect never leads back to them. */
export const LOGIN_PATHS: readonly string[] = ['/login', '/channelLogin'];

function isLoginPath(pathname: string): boolean {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return LOGIN_PATHS.some((p) => p.toLowerCase() === path);
}

/**
 * Where to go after a successful login: the `redirect` query when it is a path on the current host
 * that is not a login page, else `fallback`.
 */
export function resolveLoginTarget(redirect: string | null | undefined, currentHref: string, fallback: string): string {
  if (!redirect) return fallback;
  let current: URL;
  let target: URL;
  try {
    current = new URL(currentHref);
    target = new URL(redirect, current.origin);
  } catch {
    return fallback;
  }
  if (target.host !== current.host || target.protocol !== current.protocol) return fallback;
  if (isLoginPath(target.pathname)) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}

/** `/login?redirect=...` for the given current location. */
export function loginUrlWithRedirect(loginPath: string, current: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(current)}`;
}
