import { hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import type { DownloadLink } from '@valuation/contracts';
import { REDIS, RedisKeys } from '@valuation/queue';
import { RESPONSE_KEY, type ResponseContract } from '../../common/api-contract';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import type { SessionClaims } from '../auth/session.service';
import { signTicket, TICKET_PARAMETER, verifyTicket, type TicketTarget } from './download-ticket';

export const DownloadLinkMsg = {
  /** A ticket that is forged, expired, already used, or presented for another address. */
  expired: '下载链接已失效，请返回页面重新下载',
} as const;

/**
 * Signed, single-use download tickets. A ticket admits one GET of one file route with exactly the
 * query it was made for, for the account and session that asked for it, within
 * DOWNLOAD_LINK_TTL_SECONDS; the session must still be open when it is used.
 */
@Injectable()
export class DownloadTicketService {
  /** A key of its own, derived from the server secret, so a ticket can never pass for a session token. */
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.JWT_SECRET, '', 'valuation download ticket', 32));
  }

  /** A link to the target for this caller's session; `now` in milliseconds. */
  issue(p: Pick<Principal, 'population' | 'id' | 'tenantId' | 'sessionId'>, target: TicketTarget, now = Date.now()): DownloadLink {
    const ttl = this.config.DOWNLOAD_LINK_TTL_SECONDS;
    const claims = {
      pop: p.population,
      sub: p.id,
      tid: p.tenantId,
      sid: p.sessionId,
      exp: Math.floor(now / 1000) + ttl,
      nonce: randomBytes(16).toString('base64url'),
    };
    const ticket = signTicket(this.key, claims, target);
    const query = target.query ? `${target.query}&` : '';
    return { url: `${target.path}?${query}${TICKET_PARAMETER}=${ticket}`, expiresIn: ttl };
  }

  /**
   * The session a request's ticket stands for, spending the ticket; null when the request carries
   * none. A ticket on anything but a GET of a file route, or one that is not valid for this very
   * request, is refused with 401.
   */
  async redeem(req: Request, handler: object): Promise<SessionClaims | null> {
    const ticket = req.query[TICKET_PARAMETER];
    if (ticket === undefined) return null;
    const response = Reflect.getMetadata(RESPONSE_KEY, handler) as ResponseContract | undefined;
    const search = req.originalUrl.indexOf('?');
    const target = { path: req.path, query: search < 0 ? '' : req.originalUrl.slice(search + 1) };
    const now = Math.floor(Date.now() / 1000);
    const claims =
      typeof ticket === 'string' && req.method === 'GET' && response?.kind === 'file' ? verifyTicket(this.key, ticket, target, now) : null;
    if (!claims) throw ApiError.unauthorized(DownloadLinkMsg.expired);
    const first = await this.redis.set(this.keys.of('download-ticket', claims.nonce), '1', 'EX', claims.exp - now + 1, 'NX');
    if (first !== 'OK') throw ApiError.unauthorized(DownloadLinkMsg.expired);
    return { sid: claims.sid, pop: claims.pop, sub: claims.sub, tid: claims.tid };
  }
}
