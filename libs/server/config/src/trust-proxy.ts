import { isIP } from 'node:net';
import { z } from 'zod';

/** Express's names for address ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** What Express's `trust proxy` setting takes: nobody, a number of hops, or addresses and ranges. */
export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  if ((NAMED_RANGES as readonly string[]).includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For (and -Host, -Proto) the API believes: `none`; a number of
 * hops; or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal,
 * uniquelocal. `true` (every address) is refused: any client could then name its own address.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'none' || lower === 'false') return false;
    if (/^\d+$/.test(lower)) return Number(lower);
    if (lower === 'true') {
      ctx.addIssue({ code: 'custom', message: 'true would let any client choose its own address: name the proxies' });
      return z.NEVER;
    }
    const entries = lower
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy address, CIDR range or one of ${NAMED_RANGES.join(', ')}: ${bad.join(', ') || '(empty)'}`,
      });
      return z.NEVER;
    }
    return entries;
  });
