import { Center, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChartEmptyProps {
  height?: number;
  children?: ReactNode;
}

/** What a chart area shows without data. */
export function ChartEmpty({ height = 240, children = '暂无数据' }: ChartEmptyProps) {
  return (
    <Center h={height} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Center>
  );
}
