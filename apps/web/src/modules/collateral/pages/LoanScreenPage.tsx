import { Box, Button, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFullscreen } from '@mantine/hooks';
import { IconArrowsMaximize, IconArrowsMinimize } from '@tabler/icons-react';
import type { LoanScreenView } from '@valuation/contracts';
import { evalPriceValue, formatGrouped, formatSaleSum } from '@valuation/domain';
import { DistributionBarChart, LoadError, TrendLineChart } from '@valuation/ui';
import { useLoanScreen } from '../api/loan-analytics-api';
import { MoversTable, ScreenFigure, ScreenPanel } from '../components/ScreenPanel';
import { formatLtv } from '../model/collateral-list';
import { NOT_REVALUED } from '../model/loan-analytics';

const CHART_HEIGHT = 160;
const ALERT_COLORS: Record<string, string> = { originDrop: 'red.8', lastDrop: 'orange.8', ltv: 'grape.8', classC: 'yellow.9' };

function ScreenBody({ view }: { view: LoanScreenView }) {
  const { run } = view;
  if (!run)
    return (
      <ScreenPanel title="最近一次重估">
        <Text c="dimmed" ta="center" fz="xl" py={80}>
          {NOT_REVALUED}
        </Text>
      </ScreenPanel>
    );
  const alertTotal = view.alerts.reduce((n, a) => n + a.count, 0);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={4} spacing="md">
        <ScreenFigure label="押品数量" value={`${formatGrouped(run.assets)}项`} hint={`其中有贷款 ${formatGrouped(run.loanAssets)}项`} />
        <ScreenFigure label="押品价值" value={formatSaleSum(run.valueTotal)} hint={`重估日期 ${run.date}`} />
        <ScreenFigure label="贷款余额" value={formatSaleSum(run.loanTotal)} hint="已估价押品的贷款" />
        <ScreenFigure
          label="加权抵押率"
          value={formatLtv(run.ltv)}
          hint="贷款余额 ÷ 有贷款押品价值"
          color={run.ltv !== null && run.ltv > 80 ? 'red.8' : undefined}
        />
      </SimpleGrid>
      <Grid gutter="md">
        <Grid.Col span={4}>
          <ScreenPanel title="押品价值走势" extra={<Text c="dimmed">最近{view.trend.length}次重估（万元）</Text>}>
            <TrendLineChart
              data={view.trend.map((p) => ({ label: p.date, value: evalPriceValue(p.valueTotal, 1) ?? 0 }))}
              seriesLabel="押品价值(万元)"
              valueFormatter={(v) => formatGrouped(v, 0)}
              minPoints={1}
              height={CHART_HEIGHT}
            />
          </ScreenPanel>
        </Grid.Col>
        <Grid.Col span={5}>
          <ScreenPanel title="抵押率分布" extra={<Text c="dimmed">押品数</Text>}>
            <DistributionBarChart
              buckets={view.ltvBands.map((b) => ({ label: b.label, count: b.count }))}
              markerIndex={null}
              seriesLabel="押品数"
              height={CHART_HEIGHT}
              emptyText="无贷款押品"
            />
          </ScreenPanel>
        </Grid.Col>
        <Grid.Col span={3}>
          <ScreenPanel title="本次预警" extra={<Text c="dimmed">共 {alertTotal} 条</Text>}>
            <SimpleGrid cols={2} spacing="sm" style={{ flex: 1 }}>
              {view.alerts.map((a) => (
                <Box key={a.kind} p="xs" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                  <Text fz="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {a.label}
                  </Text>
                  <Text fz={32} fw={700} lh={1.15} c={a.count > 0 ? ALERT_COLORS[a.kind] : 'dimmed'}>
                    {a.count}
                    <Text span fz="md" c="dimmed" fw={400}>
                      {' '}
                      条
                    </Text>
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </ScreenPanel>
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={2} spacing="md">
        <ScreenPanel title="跌幅前10">
          <MoversTable movers={view.falls} label="跌幅前10" emptyText="本次重估无下跌押品" />
        </ScreenPanel>
        <ScreenPanel title="涨幅前10">
          <MoversTable movers={view.rises} label="涨幅前10" emptyText="本次重估无上涨押品" />
        </ScreenPanel>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Route LoanOfBusinessScreen (permission 124): the credit committee's one-page dashboard of the
 * latest finished revaluation run, refreshed every minute; 全屏 shows it alone on a wall display.
 */
export function LoanScreenPage() {
  const screen = useLoanScreen();
  const { ref, toggle, fullscreen } = useFullscreen();
  return (
    <Box ref={ref} bg="var(--mantine-color-body)" p={fullscreen ? 'xl' : 0} style={{ overflow: 'auto' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="md" align="baseline">
            <Title order={2}>贷后大屏</Title>
            {screen.data && (
              <Text c="dimmed">
                {screen.data.run ? `重估任务 ${screen.data.run.id} · ` : ''}更新于 {screen.data.refreshTime} · 每分钟自动刷新
              </Text>
            )}
          </Group>
          <Button
            variant="light"
            leftSection={fullscreen ? <IconArrowsMinimize size={16} /> : <IconArrowsMaximize size={16} />}
            onClick={() => void toggle().catch(() => undefined)}
          >
            {fullscreen ? '退出全屏' : '全屏'}
          </Button>
        </Group>
        {screen.isError && !screen.data ? (
          <LoadError message="贷后大屏加载失败" onRetry={() => void screen.refetch()} />
        ) : screen.data ? (
          <ScreenBody view={screen.data} />
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={4} spacing="md">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={110} />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={3} spacing="md">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={235} />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="md">
              <Skeleton height={330} />
              <Skeleton height={330} />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
