import { Group, Paper, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import type { PriceHistoryPoint } from '@valuation/contracts';
import { formatChangePercent, formatMarketPrice } from '@valuation/domain';
import { useCommunityPrices } from '../api/quickval-api';

function latest(points: readonly PriceHistoryPoint[] | undefined): PriceHistoryPoint | null {
  return points && points.length > 0 ? points[points.length - 1] : null;
}

function PriceTile({ label, unit, point, loading }: { label: string; unit: string; point: PriceHistoryPoint | null; loading: boolean }) {
  const change = point?.priceLink ?? null;
  const color = change === null || change === 0 ? 'dimmed' : change > 0 ? 'red' : 'teal';
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
      <Text size="sm" c="dimmed" mb={6}>
        {label}
        {point ? `（${point.month}）` : ''}
      </Text>
      {loading ? (
        <Skeleton height={28} width="60%" />
      ) : (
        <Group gap="md" align="baseline" wrap="nowrap">
          <Group gap={4} align="baseline" wrap="nowrap">
            <Text fz={26} fw={600} lh={1.2}>
              {formatMarketPrice(point?.price)}
            </Text>
            <Text size="sm" c="dimmed">
              {unit}
            </Text>
          </Group>
          <Tooltip label="上月无案例，暂无法计算环比" disabled={change !== null || !point}>
            <Text size="sm" c={color}>
              环比 {formatChangePercent(change)}
            </Text>
          </Tooltip>
        </Group>
      )}
    </Paper>
  );
}

/** The community's latest sale and lease averages with their month-on-month change. */
export function MarketPrices({ cityCode, haCode, propType }: { cityCode: string; haCode: string | undefined; propType: number }) {
  const prices = useCommunityPrices(cityCode, haCode, propType);
  const loading = Boolean(haCode) && prices.isLoading;
  return (
    <SimpleGrid cols={2} spacing="md">
      <PriceTile label="小区售价均价" unit="元/㎡" point={latest(prices.data?.saleHistory)} loading={loading} />
      <PriceTile label="小区租金均价" unit="元/月/㎡" point={latest(prices.data?.leaseHistory)} loading={loading} />
    </SimpleGrid>
  );
}
