import { Box, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface InfoItem {
  label: ReactNode;
  value: ReactNode;
  /** Columns the item spans (the grid has `cols` columns). */
  span?: number;
}

export interface InfoGridProps {
  items: InfoItem[];
  cols?: number;
  loading?: boolean;
  /** Shown for empty values (null, undefined or ''). */
  placeholder?: ReactNode;
  labelWidth?: number;
}

const isEmpty = (v: ReactNode) => v === null || v === undefined || v === '';

/** Label/value pairs laid out in columns, for read-only records such as a profile. */
export function InfoGrid({ items, cols = 2, loading = false, placeholder = '--', labelWidth = 96 }: InfoGridProps) {
  return (
    <SimpleGrid cols={cols} spacing="xl" verticalSpacing="md">
      {items.map((item, index) => (
        <Box key={index} style={item.span ? { gridColumn: `span ${Math.min(item.span, cols)}` } : undefined}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Text c="dimmed" size="sm" w={labelWidth} style={{ flexShrink: 0 }}>
              {item.label}
            </Text>
            {loading ? (
              <Skeleton height={18} width="60%" />
            ) : (
              <Box fz="sm" style={{ minWidth: 0, wordBreak: 'break-all' }}>
                {isEmpty(item.value) ? placeholder : item.value}
              </Box>
            )}
          </Group>
        </Box>
      ))}
    </SimpleGrid>
  );
}
