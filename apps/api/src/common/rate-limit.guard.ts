import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from './api-error';
import type { AuthenticatedRequest } from './principal';
import { rateLimitClassesOf } from './rate-limit.decorator';
import { RateLimiter, RateLimitMsg } from './rate-limiter';

/**
 * Global guard after the authentication guard (the per-account limits need the caller): counts the
 * request under the classes of its endpoint (and a call made with an API key under the key's own
 * limit per minute) and answers 429 with Retry-After once a limit is reached.
 * Guards run before the body of an upload is read, so a refused upload costs nothing.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limiter: RateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const classes = rateLimitClassesOf(context.getHandler());
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    if (classes.length === 0 && !req.apiKey) return true;
    const p = req.principal;
    const refused = await this.limiter.consume(classes, {
      account: p ? { population: p.population, id: p.id } : undefined,
      apiKey: req.apiKey ? { id: req.apiKey.id, perMinute: req.apiKey.rateLimitPerMinute } : undefined,
      address: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    });
    if (!refused) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(refused.retryAfter));
    throw new ApiError(429, RateLimitMsg.tooMany, { retryAfter: refused.retryAfter });
  }
}
