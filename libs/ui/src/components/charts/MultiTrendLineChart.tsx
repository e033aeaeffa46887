import { LineChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { axisTickInterval, MAX_AXIS_LABELS } from './chart-axis';
import { ChartEmpty } from './ChartEmpty';

export interface TrendSeries {
  /** Key of the series in the rows. */
  key: string;
  label: string;
}

export interface MultiTrendLineChartProps {
  /** One row per x-axis label, with a value (or nothing) per series key. */
  rows: readonly ({ label: string } & Record<string, number | string | null>)[];
  series: readonly TrendSeries[];
  valueFormatter?: (value: number) => string;
  height?: number;
  /** Fewer rows than this show the empty text instead of lines. */
  minPoints?: number;
  emptyText?: ReactNode;
}

const COLORS: readonly MantineColor[] = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'];

/** Several trend lines over the same labels, with a legend; a series missing from a row leaves a gap. */
export function MultiTrendLineChart({ rows, series, valueFormatter, height = 260, minPoints = 2, emptyText }: MultiTrendLineChartProps) {
  if (rows.length < minPoints || series.length === 0) return <ChartEmpty height={height}>{emptyText}</ChartEmpty>;
  return (
    <LineChart
      h={height}
      data={rows.map((r) => ({ ...r }))}
      dataKey="label"
      series={series.map((s, i) => ({ name: s.key, label: s.label, color: COLORS[i % COLORS.length] }))}
      curveType="linear"
      valueFormatter={valueFormatter}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      connectNulls={false}
      gridAxis="y"
      xAxisProps={{ interval: axisTickInterval(rows.length, MAX_AXIS_LABELS), tickMargin: 8 }}
      yAxisProps={{ width: 64, domain: ['auto', 'auto'], tickFormatter: valueFormatter }}
    />
  );
}
