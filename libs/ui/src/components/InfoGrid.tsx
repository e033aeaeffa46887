import { Box, Group, Skeleton, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import './InfoGrid.css';

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

/**
 * Label/value pairs laid out in up to `cols` columns, for read-only records such as a profile.
 * The columns follow the card's width (three become two below 860 px, one below 520 px), and values
 * wrap between words, never one character per line.
 */
export function InfoGrid({ items, cols = 2, loading = false, placeholder = '--', labelWidth = 96 }: InfoGridProps) {
  return (
    <div className="vinfo-frame">
      <div className="vinfo-grid" data-cols={cols} style={{ '--info-cols': cols } as CSSProperties}>
        {items.map((item, index) => (
          <div
            key={index}
            className="vinfo-item"
            data-span={item.span && item.span > 1 ? item.span : undefined}
            style={item.span && item.span > 1 ? ({ '--info-column': `span ${Math.min(item.span, cols)}` } as CSSProperties) : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Text c="dimmed" size="sm" w={labelWidth} style={{ flexShrink: 0, wordBreak: 'keep-all' }}>
                {item.label}
              </Text>
              {loading ? (
                <Skeleton height={18} width="60%" />
              ) : (
                <Box fz="sm" className="vinfo-value">
                  {isEmpty(item.value) ? placeholder : item.value}
                </Box>
              )}
            </Group>
          </div>
        ))}
      </div>
    </div>
  );
}
