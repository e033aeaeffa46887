import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { LoginUser, PermissionItem, TenantLoginUser } from '@valuation/contracts';
import type { Population } from '@valuation/domain';
import { useMemo } from 'react';
import { api } from '../api/client';
import { POPULATIONS } from './population';
import { readToken } from './token-cookies';

export interface LoginUserOf {
  user: LoginUser;
  tenant: TenantLoginUser;
}

export const sessionKeys = {
  all: (population: Population) => ['session', population] as const,
  loginUser: (population: Population) => ['session', population, 'login-user'] as const,
  permissions: (population: Population) => ['session', population, 'permissions'] as const,
};

/** The logged-in account of a population (header name, personal pages). */
export function useLoginUser<P extends Population>(population: P): UseQueryResult<LoginUserOf[P]> {
  return useQuery({
    queryKey: sessionKeys.loginUser(population),
    queryFn: ({ signal }) => api.get<LoginUserOf[P]>(POPULATIONS[population].endpoints.loginUser, undefined, { signal }),
    enabled: Boolean(readToken(population)),
    staleTime: 60_000,
  });
}

export function usePermissions(population: Population): UseQueryResult<PermissionItem[]> {
  return useQuery({
    queryKey: sessionKeys.permissions(population),
    queryFn: ({ signal }) => api.get<PermissionItem[]>(POPULATIONS[population].endpoints.permissions, undefined, { signal }),
    enabled: Boolean(readToken(population)),
    staleTime: 5 * 60_000,
  });
}

export interface GrantedPermissions {
  granted: ReadonlySet<number>;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The permission ids the user holds, as a set. */
export function useGrantedPermissions(population: Population): GrantedPermissions {
  const query = usePermissions(population);
  const granted = useMemo(() => new Set((query.data ?? []).map((p) => Number(p.id))), [query.data]);
  return { granted, isLoading: query.isLoading, isError: query.isError, refetch: () => void query.refetch() };
}
