import { Group, Text } from '@mantine/core';
import type { EvalTrend, EvalType, MonthSeries } from '@valuation/contracts';
import { formatCompactPrice, formatRatioPercent, formatReportUnitPrice, REPORT_LIMITS, ReportMsg, unitPriceUnit } from '@valuation/domain';
import { ChartEmpty, PageSection, TrendLineChart } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface PriceTrendSectionProps {
  /** Community monthly prices; null without a community. */
  series: (QueryLike & { data?: MonthSeries }) | null;
  trend: QueryLike & { data?: EvalTrend };
  evalType: EvalType;
}

function Change({ label, ratio }: { label: string; ratio: number | null | undefined }) {
  const color = ratio === null || ratio === undefined || ratio === 0 ? 'dimmed' : ratio > 0 ? 'red.7' : 'teal.7';
  return (
    <Text size="sm">
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

/** 价格走势: the community's monthly average unit price over two years, with the monthly and yearly change. */
export function PriceTrendSection({ series, trend, evalType }: PriceTrendSectionProps) {
  const unit = unitPriceUnit(evalType);
  return (
    <PageSection
      title={`价格走势（近${REPORT_LIMITS.trendYears}年${evalType === 2 ? '租金' : '售价'}）`}
      h="100%"
      actions={
        trend.data && (
          <Group gap="md">
            <Change label="环比" ratio={trend.data.X} />
            <Change label="同比" ratio={trend.data.R} />
          </Group>
        )
      }
    >
      {!series ? (
        <ChartEmpty height={HEIGHT}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={series} height={HEIGHT} errorMessage="价格走势加载失败">
          {() => (
            <>
              <Text size="xs" c="dimmed" mb={6}>
                单位：{unit}
              </Text>
              <TrendLineChart
                height={HEIGHT}
                data={(series.data?.rows ?? []).map((r) => ({ label: r.month, value: r.data }))}
                seriesLabel={`${evalType === 2 ? '租金' : '售价'}均价（${unit}）`}
                valueFormatter={(v) => formatReportUnitPrice(v, evalType)}
                axisFormatter={formatCompactPrice}
                minPoints={REPORT_LIMITS.minTrendPoints}
                maxLabels={REPORT_LIMITS.maxAxisLabels}
                emptyText={ReportMsg.noData}
              />
            </>
          )}
        </QueryState>
      )}
    </PageSection>
  );
}
