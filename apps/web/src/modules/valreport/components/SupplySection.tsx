import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { EvalType, MonthSeries } from '@valuation/contracts';
import { REPORT_LIMITS, ReportMsg } from '@valuation/domain';
import { axisTickInterval, ChartEmpty, PageSection } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface SupplySectionProps {
  query: (QueryLike & { data?: MonthSeries }) | null;
  evalType: EvalType;
}

const HEIGHT = 240;

/** 供应量: cases offered in the community per month over two years. */
export function SupplySection({ query, evalType }: SupplySectionProps) {
  return (
    <PageSection title={`供应量（近${REPORT_LIMITS.trendYears}年${evalType === 2 ? '出租' : '出售'}案例）`} h="100%">
      {!query ? (
        <ChartEmpty height={HEIGHT}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={query} height={HEIGHT} errorMessage="供应量加载失败">
          {() => {
            const rows = query.data?.rows ?? [];
            if (rows.length === 0 || rows.every((r) => !r.data)) return <ChartEmpty height={HEIGHT}>{ReportMsg.noData}</ChartEmpty>;
            const total = rows.reduce((sum, r) => sum + r.data, 0);
            return (
              <>
                <Text size="xs" c="dimmed" mb={6}>
                  单位：套　合计 {total} 套
                </Text>
                <BarChart
                  h={HEIGHT}
                  data={rows.map((r) => ({ month: r.month, count: r.data }))}
                  dataKey="month"
                  series={[{ name: 'count', label: '案例数（套）', color: 'cyan.6' }]}
                  gridAxis="y"
                  maxBarWidth={28}
                  xAxisProps={{ interval: axisTickInterval(rows.length, REPORT_LIMITS.maxAxisLabels), tickMargin: 8 }}
                  yAxisProps={{ width: 40, allowDecimals: false }}
                />
              </>
            );
          }}
        </QueryState>
      )}
    </PageSection>
  );
}
