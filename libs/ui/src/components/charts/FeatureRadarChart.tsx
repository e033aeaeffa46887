import { RadarChart } from '@mantine/charts';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChartEmpty } from './ChartEmpty';

export interface FeatureWeight {
  title: string;
  /** Share of the feature, 0 to 1. */
  value: number;
}

export interface FeatureRadarChartProps {
  weights: readonly FeatureWeight[];
  height?: number;
  emptyText?: ReactNode;
}

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** The influence of each feature on the price: a radar chart beside the list of weights. */
export function FeatureRadarChart({ weights, height = 260, emptyText }: FeatureRadarChartProps) {
  if (weights.length < 3) return <ChartEmpty height={height}>{emptyText}</ChartEmpty>;
  const data = weights.map((w) => ({ title: w.title, weight: Number((w.value * 100).toFixed(1)) }));
  const max = Math.max(...weights.map((w) => w.value), 0.0001);
  return (
    <Group align="center" gap="lg" wrap="nowrap">
      <RadarChart
        h={height}
        style={{ flex: '1 1 55%', minWidth: 0 }}
        data={data}
        dataKey="title"
        series={[{ name: 'weight', label: '权重（%）', color: 'blue.5', opacity: 0.25 }]}
        withPolarRadiusAxis={false}
        radarChartProps={{ outerRadius: '72%', margin: { top: 8, right: 24, bottom: 8, left: 24 } }}
        polarAngleAxisProps={{ fontSize: 12 }}
        withTooltip
        withDots
      />
      <Stack gap={8} style={{ flex: '1 1 45%', minWidth: 0 }}>
        {weights.map((w) => (
          <div key={w.title}>
            <Group justify="space-between" gap="xs" mb={2}>
              <Text size="sm">{w.title}</Text>
              <Text size="sm" fw={500}>
                {percent(w.value)}
              </Text>
            </Group>
            <Progress value={(w.value / max) * 100} size="sm" color="blue.5" />
          </div>
        ))}
      </Stack>
    </Group>
  );
}
