import { LineChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { axisTickInterval, hasEnoughPoints, MAX_AXIS_LABELS } from './chart-axis';
import { ChartEmpty } from './ChartEmpty';

export interface TrendPoint {
  /** Category label of the x axis, such as a month (2025-03). */
  label: string;
  value: number;
}

export interface TrendLineChartProps {
  data: readonly TrendPoint[];
  /** Name of the series in the tooltip. */
  seriesLabel: string;
  valueFormatter?: (value: number) => string;
  /** Formatter of the y axis ticks; the value formatter when omitted. */
  axisFormatter?: (value: number) => string;
  height?: number;
  /** Fewer points than this show the empty text instead of a line. */
  minPoints?: number;
  /** Beyond this many points the x-axis labels are thinned. */
  maxLabels?: number;
  color?: MantineColor;
  emptyText?: ReactNode;
}

/** A monthly trend line; empty with fewer than `minPoints` points, thinned labels past `maxLabels`. */
export function TrendLineChart({
  data,
  seriesLabel,
  valueFormatter,
  axisFormatter,
  height = 260,
  minPoints = 3,
  maxLabels = MAX_AXIS_LABELS,
  color = 'blue.6',
  emptyText,
}: TrendLineChartProps) {
  if (!hasEnoughPoints(data, minPoints)) return <ChartEmpty height={height}>{emptyText}</ChartEmpty>;
  return (
    <LineChart
      h={height}
      data={data.map((p) => ({ label: p.label, value: p.value }))}
      dataKey="label"
      series={[{ name: 'value', label: seriesLabel, color }]}
      curveType="linear"
      valueFormatter={valueFormatter}
      withDots={data.length <= 36}
      gridAxis="y"
      xAxisProps={{ interval: axisTickInterval(data.length, maxLabels), tickMargin: 8 }}
      yAxisProps={{ width: 64, domain: ['auto', 'auto'], tickFormatter: axisFormatter ?? valueFormatter }}
    />
  );
}
