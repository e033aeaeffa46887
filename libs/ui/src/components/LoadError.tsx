import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadErrorProps {
  message?: ReactNode;
  onRetry?: () => void;
}

/** What a block shows when its data could not be loaded. */
export function LoadError({ message = '数据加载失败', onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            重试
          </Button>
        )}
      </Group>
    </Alert>
  );
}
