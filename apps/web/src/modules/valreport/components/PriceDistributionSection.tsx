import { Group, Text } from '@mantine/core';
import type { EvalType, PriceDistribution } from '@valuation/contracts';
import { formatCompactPrice, formatReportUnitPrice, REPORT_LIMITS, ReportMsg, unitPriceUnit } from '@valuation/domain';
import { ChartEmpty, DistributionBarChart, markerBucketIndex, PageSection } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface PriceDistributionSectionProps {
  query: (QueryLike & { data?: PriceDistribution }) | null;
  evalType: EvalType;
  /** The subject's unit price, marked on its bucket. */
  unitPrice: number | null;
}

const HEIGHT = 260;

/** 价格分布: cases of the community by unit price over five years, the subject's bucket highlighted. */
export function PriceDistributionSection({ query, evalType, unitPrice }: PriceDistributionSectionProps) {
  const unit = unitPriceUnit(evalType);
  return (
    <PageSection title={`价格分布（近${REPORT_LIMITS.distributionYears}年）`} h="100%">
      {!query ? (
        <ChartEmpty height={HEIGHT}>{ReportMsg.noData}</ChartEmpty>
      ) : (
        <QueryState query={query} height={HEIGHT} errorMessage="价格分布加载失败">
          {() => {
            const rows = query.data?.rows ?? [];
            const size = query.data?.stepSize ?? 0;
            const marker = markerBucketIndex(
              rows.map((r) => r.step),
              size,
              unitPrice,
            );
            return (
              <>
                <Group justify="space-between" mb={6}>
                  <Text size="xs" c="dimmed">
                    单价区间（{unit}）
                  </Text>
                  {unitPrice !== null && (
                    <Text size="xs" c="dimmed">
                      本房产单价：
                      <Text span c="orange.7" fw={600} size="xs">
                        {formatReportUnitPrice(unitPrice, evalType)}
                        {unit}
                      </Text>
                    </Text>
                  )}
                </Group>
                <DistributionBarChart
                  height={HEIGHT}
                  buckets={rows.map((r) => ({
                    label: `${formatCompactPrice(r.step)}-${formatCompactPrice(r.step + size)}`,
                    count: r.data,
                  }))}
                  markerIndex={marker}
                  markerLabel="本房产"
                  seriesLabel="案例数"
                  emptyText={ReportMsg.noData}
                />
              </>
            );
          }}
        </QueryState>
      )}
    </PageSection>
  );
}
