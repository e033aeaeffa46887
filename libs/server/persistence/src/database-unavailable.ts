/**
 * SQLSTATE classes and codes of a server that is gone, going or not there yet: connection
 * exceptions (08), the administrator or a crash ending the session (57P01-57P03), and the server
 * being out of connections (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** Errors of the socket under a client when the server is not reachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** What node-postgres says when the server ends the connection or cannot be reached in time. */
const CLIENT_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /^Client has encountered a connection error/];

/**
 * Whether an error says PostgreSQL could not be reached or went away while the statement ran,
 * rather than that the statement or its data was wrong: work that failed so may be tried again
 * once the database is back, and is no reason to give it up.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
