import type { Population } from '@valuation/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginUrlWithRedirect } from '../session/login-redirect';
import { POPULATIONS } from '../session/population';
import { readToken } from '../session/token-cookies';

/** Sends a visitor without the population's token cookie to its login page, keeping the route as redirect. */
export function RequireToken({ population, children }: { population: Population; children: ReactNode }) {
  const location = useLocation();
  if (!readToken(population)) {
    return <Navigate replace to={loginUrlWithRedirect(POPULATIONS[population].loginPath, `${location.pathname}${location.search}`)} />;
  }
  return children;
}
