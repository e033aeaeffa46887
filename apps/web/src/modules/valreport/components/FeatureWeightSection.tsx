import type { EvalBeta } from '@valuation/contracts';
import { ReportMsg } from '@valuation/domain';
import { FeatureRadarChart, PageSection } from '@valuation/ui';
import { QueryState, type QueryLike } from './QueryState';

export interface FeatureWeightSectionProps {
  query: QueryLike;
  betas: readonly EvalBeta[];
}

/** 特征影响: how much each feature group weighs in the price. */
export function FeatureWeightSection({ query, betas }: FeatureWeightSectionProps) {
  return (
    <PageSection title="特征影响因素" h="100%">
      <QueryState query={query} height={260} errorMessage="特征权重加载失败">
        {() => <FeatureRadarChart weights={betas} height={280} emptyText={ReportMsg.noData} />}
      </QueryState>
    </PageSection>
  );
}
