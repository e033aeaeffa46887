import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthenticatedRequest, Principal } from './principal';

export const ACCESS_KEY = 'access';

/** What an endpoint requires. Every handler declares exactly one of these. */
export type AccessRule = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'permission'; anyOf: number[] };

/** No login needed (login, captcha, health, branding of the login pages). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);

/** Any logged-in caller of the population the URL names (own profile, own password...). */
export const Authenticated = () => SetMetadata(ACCESS_KEY, { kind: 'authenticated' } satisfies AccessRule);

export const BOTH_POPULATIONS_KEY = 'bothPopulations';

/**
 * Served alike to customer accounts and channel staff (reference data both back-offices show, such
 * as the region tree): the token may be of either population, whatever the path says.
 */
export const ForBothPopulations = () => SetMetadata(BOTH_POPULATIONS_KEY, true);

/** The caller must hold at least one of these permission ids. */
export const RequirePermission = (...anyOf: number[]) => SetMetadata(ACCESS_KEY, { kind: 'permission', anyOf } satisfies AccessRule);

export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!req.principal) throw new Error('CurrentPrincipal used on an endpoint without authentication');
  return req.principal;
});

/** The principal when a valid token came with a public request, else undefined. */
export const OptionalPrincipal = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Principal | undefined => ctx.switchToHttp().getRequest<AuthenticatedRequest>().principal,
);
