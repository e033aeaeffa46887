import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiKeyMsg, CLIENT_SOURCE_HEADER, clientSourceOf, Msg, type Population } from '@valuation/domain';
import { ApiKeyRepository } from '@valuation/persistence';
import { ACCESS_KEY, BOTH_POPULATIONS_KEY, type AccessRule } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import { keyScopeOf } from '../../common/key-scope.decorator';
import type { AuthenticatedRequest } from '../../common/principal';
import { hashApiKey, presentedApiKey } from '../api-key/api-key.secret';
import { DownloadTicketService } from '../download-link/download-ticket.service';
import { PrincipalLoader } from './principal.loader';
import { SessionService } from './session.service';

/** Tenant endpoints are those with a path segment "tenant", in any letter case; they take tenant tokens only. */
export function populationOfUrl(path: string): Population {
  return path.toLowerCase().split('/').includes('tenant') ? 'tenant' : 'user';
}

/** Per controller, then per handler: a method a base class lends to two controllers serves a route in each. */
const routePopulations = new WeakMap<object, WeakMap<object, Population>>();

/**
 * The population of the route a handler serves, from the paths its controller and method declare
 * (not from the request's URL), so neither letter case nor anything a caller puts in the URL can
 * move an endpoint to the other population.
 */
export function populationOfRoute(controller: object, handler: object): Population {
  let known = routePopulations.get(controller);
  if (!known) routePopulations.set(controller, (known = new WeakMap()));
  let pop = known.get(handler);
  if (!pop) {
    const paths = (target: object): string[] => [Reflect.getMetadata(PATH_METADATA, target) ?? []].flat().map(String);
    const declared = paths(controller).flatMap((base) => paths(handler).map((route) => `${base}/${route}`));
    pop = declared.some((path) => populationOfUrl(path) === 'tenant') ? 'tenant' : 'user';
    known.set(handler, pop);
  }
  return pop;
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const query = req.query.Authorization ?? req.query.authorization;
  if (typeof query === 'string' && query) return query.replace(/^Bearer\s+/, '');
  return null;
}

/** How often a key's last use is written: at most once a minute. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * Global guard: resolves the caller from the bearer token (or, for a download, from the ticket of
 * a download link; or, on endpoints marked with KeyScope, from an API key), refuses a token of the
 * other population, checks the permission the handler declares, and sends a refreshed token back.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly principals: PrincipalLoader,
    private readonly tickets: DownloadTicketService,
    private readonly apiKeys: ApiKeyRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, [context.getHandler(), context.getClass()]);
    if (!rule) throw new Error(`${context.getClass().name}.${context.getHandler().name} declares no access rule`);

    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const pop = populationOfRoute(context.getClass(), context.getHandler());
    const apiKey = presentedApiKey(req.headers);
    if (apiKey !== null) return this.authenticateKey(context, rule, pop, apiKey, req);
    const token = bearerToken(req);

    if (rule.kind === 'public') {
      const claims = token ? await this.sessions.verify(token) : null;
      const principal = claims && claims.pop === pop ? await this.principals.load(pop, claims.sub, claims.sid) : null;
      if (principal) req.principal = { ...principal, client: clientSourceOf(req.headers[CLIENT_SOURCE_HEADER]) };
      return true;
    }
    const claims = token ? this.sessions.decode(token) : await this.tickets.redeem(req, context.getHandler());
    const both = this.reflector.getAllAndOverride<boolean | undefined>(BOTH_POPULATIONS_KEY, [context.getHandler(), context.getClass()]);
    if (!claims || (claims.pop !== pop && !both)) throw ApiError.unauthorized(Msg.unauthorized);
    // The session check and the account load need only the signed claims, so they run together.
    const [session, principal] = await Promise.all([
      this.sessions.refresh(claims),
      this.principals.load(claims.pop, claims.sub, claims.sid),
    ]);
    if (!session || !principal) {
      if (session) await this.sessions.revoke(claims);
      throw ApiError.unauthorized(Msg.unauthorized);
    }
    req.principal = { ...principal, client: clientSourceOf(req.headers[CLIENT_SOURCE_HEADER]) };
    if (token) res.setHeader('Authorization', `Bearer ${session.token}`);
    if (rule.kind === 'permission' && !rule.anyOf.some((id) => principal.permissions.has(id))) {
      throw ApiError.forbidden(Msg.forbidden);
    }
    return true;
  }

  /**
   * A call with an API key: only endpoints marked with KeyScope take one, and only a key that is
   * known and not revoked (read by its hash on every call, so a revocation holds at once). The call
   * is then the key's account's: a disabled account or a missing permission is answered as for the
   * account. No session and no refreshed token.
   */
  private async authenticateKey(
    context: ExecutionContext,
    rule: AccessRule,
    pop: Population,
    presented: string,
    req: Request & AuthenticatedRequest,
  ): Promise<boolean> {
    const scope = keyScopeOf(context.getHandler());
    if (!scope || pop !== 'user' || rule.kind === 'public') throw ApiError.unauthorized(ApiKeyMsg.keyNotAccepted);
    if (presented === 'malformed') throw ApiError.unauthorized(Msg.unauthorized);
    const key = await this.apiKeys.findByHash(hashApiKey(presented));
    if (!key || key.revokedAt !== null) throw ApiError.unauthorized(Msg.unauthorized);
    const principal = await this.principals.load('user', key.accountId, `api-key:${key.id}`);
    if (!principal || principal.tenantId !== key.tenantId) throw ApiError.unauthorized(Msg.unauthorized);
    if (!key.scopes.includes(scope)) throw ApiError.forbidden(ApiKeyMsg.scopeMissing);
    if (key.lastUsedAt === null || Date.now() - key.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) await this.apiKeys.touch(key.id);
    req.principal = { ...principal, client: clientSourceOf(req.headers[CLIENT_SOURCE_HEADER]) };
    req.apiKey = { id: key.id, rateLimitPerMinute: key.rateLimitPerMinute };
    if (rule.kind === 'permission' && !rule.anyOf.some((id) => principal.permissions.has(id))) {
      throw ApiError.forbidden(Msg.forbidden);
    }
    return true;
  }
}
