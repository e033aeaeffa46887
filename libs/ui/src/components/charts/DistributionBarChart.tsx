import { BarChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { axisTickInterval, MAX_AXIS_LABELS } from './chart-axis';
import { ChartEmpty } from './ChartEmpty';

export interface DistributionBucket {
  /** Category label of the bucket (a price range). */
  label: string;
  count: number;
}

export interface DistributionBarChartProps {
  buckets: readonly DistributionBucket[];
  /** Index of the highlighted bucket (the subject's), null for none. */
  markerIndex: number | null;
  markerLabel?: string;
  seriesLabel?: string;
  height?: number;
  color?: MantineColor;
  markerColor?: MantineColor;
  emptyText?: ReactNode;
}

/** Case counts by price bucket, with the bucket of the subject property highlighted and marked. */
export function DistributionBarChart({
  buckets,
  markerIndex,
  markerLabel = '本房产',
  seriesLabel = '案例数',
  height = 260,
  color = 'blue.4',
  markerColor = 'orange.6',
  emptyText,
}: DistributionBarChartProps) {
  if (buckets.length === 0 || buckets.every((b) => !b.count)) return <ChartEmpty height={height}>{emptyText}</ChartEmpty>;
  const marked = markerIndex !== null ? buckets[markerIndex] : undefined;
  return (
    <BarChart
      h={height}
      data={buckets.map((b, i) => ({ label: b.label, count: b.count, ...(i === markerIndex ? { color: markerColor } : {}) }))}
      dataKey="label"
      series={[{ name: 'count', label: seriesLabel, color }]}
      gridAxis="y"
      valueFormatter={(v) => String(v)}
      xAxisProps={{ interval: axisTickInterval(buckets.length, MAX_AXIS_LABELS), tickMargin: 8 }}
      yAxisProps={{ width: 40, allowDecimals: false }}
      referenceLines={
        marked ? [{ x: marked.label, color: markerColor, label: markerLabel, labelPosition: 'top', strokeDasharray: '4 4' }] : undefined
      }
      barChartProps={{ margin: { top: 24, right: 12 } }}
      maxBarWidth={48}
    />
  );
}
