import type { Population } from '@valuation/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { routeHref } from '../../../app/routing/route-registry';
import { resolveLoginTarget } from '../../../app/session/login-redirect';
import { POPULATIONS } from '../../../app/session/population';

function defaultTarget(population: Population): string {
  const cfg = POPULATIONS[population];
  if (population === 'user') return routeHref('org', 'qvindex') ?? routeHref('org', cfg.personalRoute) ?? '/org/personal';
  return routeHref('channel', cfg.personalRoute) ?? '/channel/channelPersonal';
}

/** Where the login page goes after success: the `redirect` query when allowed, else the area's home. */
export function useLoginTarget(population: Population): () => string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(() => resolveLoginTarget(redirect, window.location.href, defaultTarget(population)), [redirect, population]);
}
