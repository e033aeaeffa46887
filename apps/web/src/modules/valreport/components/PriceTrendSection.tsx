import { Group, Text } from '@mantine/core';
import type { EvalTrend, EvalType } from '@valuation/contracts';
import {
  formatCompactPrice,
  formatRatioPercent,
  formatReportUnitPrice,
  REPORT_LIMITS,
  ReportMsg,
  TREND_MIN_MONTH_CASES,
  TREND_VOLATILE_NOTE,
  trendSourceLabel,
  unitPriceUnit,
} from '@valuation/domain';
import { PageSection, TrendLineChart } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface PriceTrendSectionProps {
  /** GET api/eval/pm: the series and its 环比/同比, one source for the chart and the figures. */
  trend: QueryLike & { data?: EvalTrend };
  evalType: EvalType;
}

function Change({ label, ratio }: { label: string; ratio: number | null | undefined }) {
  const color = ratio === null || ratio === undefined || ratio === 0 ? 'dimmed' : ratio > 0 ? 'red.7' : 'teal.7';
  return (
    <Text size="sm" data-testid={`trend-${label}`}>
      <Text span c="dimmed">
        {label}{' '}
      </Text>
      <Text span fw={600} c={color}>
        {formatRatioPercent(ratio)}
      </Text>
    </Text>
  );
}

const HEIGHT = 260;
/** Month labels the half-width chart has room for; more months are thinned so labels never overlap. */
const AXIS_LABELS = 8;

/** 价格走势: the monthly average unit price of the valuation's place over two years, with the change of its last month. */
export function PriceTrendSection({ trend, evalType }: PriceTrendSectionProps) {
  const unit = unitPriceUnit(evalType);
  const series = trend.data?.series ?? [];
  const label = `${trendSourceLabel(trend.data?.source)}${evalType === 2 ? '租金' : '售价'}均价`;
  return (
    <PageSection
      title={`价格走势（近${REPORT_LIMITS.trendYears}年${evalType === 2 ? '租金' : '售价'}）`}
      data-testid="price-trend"
      h="100%"
      actions={
        series.length > 0 && (
          <Group gap="md">
            <Change label="环比" ratio={trend.data?.X} />
            <Change label="同比" ratio={trend.data?.R} />
          </Group>
        )
      }
    >
      <QueryState query={trend} height={HEIGHT} errorMessage="价格走势加载失败">
        {() => (
          <>
            {series.length > 0 && (
              <Text size="xs" c="dimmed" mb={6}>
                {label}，单位：{unit}
              </Text>
            )}
            <TrendLineChart
              height={HEIGHT}
              data={series.map((p) => ({ label: p.month, value: p.value }))}
              seriesLabel={`${label}（${unit}）`}
              valueFormatter={(v) => formatReportUnitPrice(v, evalType)}
              axisFormatter={formatCompactPrice}
              minPoints={REPORT_LIMITS.minTrendPoints}
              maxLabels={Math.min(AXIS_LABELS, REPORT_LIMITS.maxAxisLabels)}
              emptyText={ReportMsg.noData}
            />
            {trend.data?.volatile && (
              <Text size="xs" c="orange.8">
                注：{TREND_VOLATILE_NOTE}。
              </Text>
            )}
            {series.some((p) => p.smoothed) && (
              <Text size="xs" c="dimmed" mt={6}>
                注：案例不足{TREND_MIN_MONTH_CASES}套的月份按与前几个月合并的均价计。
              </Text>
            )}
          </>
        )}
      </QueryState>
    </PageSection>
  );
}
