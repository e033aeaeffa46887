import { Skeleton, Stack } from '@mantine/core';
import { LoadError } from '@valuation/ui';
import type { ReactNode } from 'react';

export interface QueryLike {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps {
  query: QueryLike;
  /** Height of the loading skeleton. */
  height?: number;
  errorMessage?: string;
  children: () => ReactNode;
}

/** A block that waits for its data: a skeleton while loading, an error with retry, then the content. */
export function QueryState({ query, height = 200, errorMessage = '数据加载失败', children }: QueryStateProps) {
  if (query.isError) return <LoadError message={errorMessage} onRetry={() => void query.refetch()} />;
  if (query.isLoading) {
    return (
      <Stack gap="sm">
        <Skeleton height={16} width="40%" />
        <Skeleton height={Math.max(height - 28, 24)} />
      </Stack>
    );
  }
  return <>{children()}</>;
}
