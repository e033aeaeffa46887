import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, SimpleGrid, Text } from '@mantine/core';
import type { RoomTypeSeries } from '@valuation/contracts';
import { formatGrouped, REPORT_LIMITS, ReportMsg, roomTypeLabel } from '@valuation/domain';
import { ChartEmpty, PageSection } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface RoomTypeSectionProps {
  query: (QueryLike & { data?: RoomTypeSeries }) | null;
  propType: number;
}

const COLORS = [
  'blue.6',
  'teal.5',
  'orange.5',
  'grape.5',
  'cyan.6',
  'lime.6',
  'red.5',
  'indigo.5',
  'yellow.6',
  'pink.5',
  'green.6',
  'violet.5',
  'gray.6',
  'blue.3',
  'teal.3',
];
const HEIGHT = 240;

/** 户型占比: share of the community's cases by room count over five years. */
export function RoomTypeSection({ query, propType }: RoomTypeSectionProps) {
  return (
    <PageSection title={`户型占比（近${REPORT_LIMITS.roomTypeYears}年）`} h="100%">
      {!query ? (
        <ChartEmpty height={HEIGHT}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={query} height={HEIGHT} errorMessage="户型占比加载失败">
          {() => {
            const rows = (query.data?.rows ?? []).filter((r) => r.data > 0 && r.br >= 1 && r.br <= REPORT_LIMITS.maxRooms);
            if (rows.length === 0) return <ChartEmpty height={HEIGHT}>{ReportMsg.noData}</ChartEmpty>;
            const data = rows.map((r, i) => ({ name: roomTypeLabel(r.br, propType), value: r.data, color: COLORS[i % COLORS.length] }));
            return (
              <Group align="center" gap="xl" wrap="nowrap" h={HEIGHT}>
                <DonutChart
                  data={data}
                  size={190}
                  thickness={34}
                  withTooltip
                  tooltipDataSource="segment"
                  valueFormatter={(v) => `${formatGrouped(v, 2)}%`}
                  chartLabel="户型"
                />
                <SimpleGrid cols={rows.length > 8 ? 2 : 1} spacing="xs" verticalSpacing={6} style={{ flex: 1 }}>
                  {data.map((d) => (
                    <Group key={d.name} gap="xs" wrap="nowrap" justify="space-between">
                      <Group gap={8} wrap="nowrap">
                        <ColorSwatch size={12} color={`var(--mantine-color-${d.color.replace('.', '-')})`} />
                        <Text size="sm">{d.name}</Text>
                      </Group>
                      <Box>
                        <Text size="sm" fw={500}>
                          {formatGrouped(d.value, 2)}%
                        </Text>
                      </Box>
                    </Group>
                  ))}
                </SimpleGrid>
              </Group>
            );
          }}
        </QueryState>
      )}
    </PageSection>
  );
}
