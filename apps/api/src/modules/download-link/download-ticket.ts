import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Population } from '@valuation/domain';

/** The query parameter that carries a download ticket. */
export const TICKET_PARAMETER = 'ticket';

/** Whom a ticket admits, until when, and the nonce that makes it single-use. */
export interface TicketClaims {
  pop: Population;
  sub: number;
  tid: number;
  sid: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  nonce: string;
}

/** What a ticket is bound to: the exact path and the query of the request it admits. */
export interface TicketTarget {
  path: string;
  /** The query string (without `?`), as sent. */
  query: string;
}

/**
 * The query in one order and one encoding, without the ticket itself: the signer and the checker
 * both read it through URLSearchParams, so the same parameters give the same text however they
 * were written.
 */
export function canonicalQuery(query: string): string {
  const params = new URLSearchParams(query);
  params.delete(TICKET_PARAMETER);
  params.sort();
  return params.toString();
}

function signature(key: Buffer, claims: TicketClaims, target: TicketTarget): Buffer {
  const text = [
    'download-ticket:v1',
    claims.pop,
    claims.sub,
    claims.tid,
    claims.sid,
    claims.exp,
    claims.nonce,
    target.path,
    canonicalQuery(target.query),
  ];
  return createHmac('sha256', key).update(text.join('\n')).digest();
}

/** The ticket text: the claims, then an HMAC-SHA256 over them and the target, all URL-safe. */
export function signTicket(key: Buffer, claims: TicketClaims, target: TicketTarget): string {
  return [
    claims.pop,
    claims.sub,
    claims.tid,
    claims.sid,
    claims.exp,
    claims.nonce,
    signature(key, claims, target).toString('base64url'),
  ].join('.');
}

const TICKET = /^(user|tenant)\.(\d{1,10})\.(\d{1,10})\.([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/;

/**
 * The claims of a ticket signed with the key for this very target and not expired at `now`
 * (seconds), else null. Whether it was used before is the caller's to check.
 */
export function verifyTicket(key: Buffer, ticket: string, target: TicketTarget, now: number): TicketClaims | null {
  const m = TICKET.exec(ticket);
  if (!m) return null;
  const claims: TicketClaims = { pop: m[1] as Population, sub: Number(m[2]), tid: Number(m[3]), sid: m[4], exp: Number(m[5]), nonce: m[6] };
  const given = Buffer.from(m[7], 'base64url');
  const expected = signature(key, claims, target);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return claims.exp > now ? claims : null;
}
