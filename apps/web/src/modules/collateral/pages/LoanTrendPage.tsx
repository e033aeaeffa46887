import { Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { LoanTrendPoint } from '@valuation/contracts';
import { formatChangePercent, formatSaleSum, Perm } from '@valuation/domain';
import {
  ExportButton,
  FilterBar,
  LoadError,
  MultiTrendLineChart,
  PagedTable,
  PageSection,
  StatTile,
  TrendLineChart,
  type FilterField,
  type TableColumn,
} from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { exportLoanTrend, useLoanTrend } from '../api/loan-analytics-api';
import { formatIndex, NOT_REVALUED } from '../model/loan-analytics';

const FIELDS: readonly FilterField[] = [
  { kind: 'region', key: 'region', label: '地区', keys: { province: 'provinceCode', city: 'cityCode', district: 'distCode' } },
];

const COLUMNS: readonly TableColumn<LoanTrendPoint>[] = [
  { key: 'date', title: '重估日期', field: 'date', nowrap: true },
  { key: 'runId', title: '重估任务', field: 'runId', nowrap: true },
  { key: 'assets', title: '已估价资产', align: 'right', nowrap: true, render: (p) => `${p.assets}项` },
  { key: 'matched', title: '连续重估资产', align: 'right', nowrap: true, render: (p) => `${p.matched}项` },
  { key: 'valueTotal', title: '价值合计', align: 'right', nowrap: true, render: (p) => formatSaleSum(p.valueTotal) },
  { key: 'loanTotal', title: '贷款余额合计', align: 'right', nowrap: true, render: (p) => formatSaleSum(p.loanTotal) },
  { key: 'index', title: '价值指数', align: 'right', nowrap: true, render: (p) => formatIndex(p.index) },
  {
    key: 'change',
    title: '较上期',
    align: 'right',
    nowrap: true,
    render: (p) => (
      <Text size="sm" c={p.change !== null && p.change < 0 ? 'red' : undefined}>
        {formatChangePercent(p.change)}
      </Text>
    ),
  },
];

/**
 * Route LoanOfTrendAnalyse (permission 121): the chain-linked value index of the asset book over the
 * finished revaluation runs (100 at the first run; each run moves it by the value ratio of the assets
 * valued both in it and in the run before), for the book or a city or district, and the index of the
 * five regions of most value.
 */
export function LoanTrendPage() {
  const view = useListView('user', { fields: FIELDS, pageSizes: [10, 50, 100] });
  const { state, granted, regionTree } = view;
  const filters = useMemo(() => ({ cityCode: state.query.cityCode, distCode: state.query.distCode }), [state.query]);
  const trend = useLoanTrend(filters);
  const points = trend.data?.points;
  const latest = points?.at(-1);
  const rows = useMemo(() => [...(points ?? [])].reverse(), [points]);
  const page = rows.slice((state.pageIndex - 1) * state.pageSize, state.pageIndex * state.pageSize);
  const regional = useMemo(() => {
    const series = trend.data?.series ?? [];
    return {
      series: series.map((s) => ({ key: s.code || 'none', label: s.name })),
      rows: (points ?? []).map((p) => ({
        label: p.date,
        ...Object.fromEntries(series.map((s) => [s.code || 'none', s.points.find((x) => x.runId === p.runId)?.index ?? null])),
      })),
    };
  }, [trend.data, points]);
  const loading = trend.isLoading;

  return (
    <Stack gap="lg">
      <PageSection title="价值趋势">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            价值指数以首次重估为100，此后每次重估按前后两次均已估价的同一批资产的价值比例链式推进，新增或移出的资产不影响指数。
          </Text>
          <FilterBar
            fields={state.fields}
            values={state.draft}
            onChange={state.setDraft}
            onApply={(patch) => state.apply({ ...state.draft, ...patch })}
            onSearch={() => {
              if (!state.search()) void trend.refetch();
            }}
            onReset={state.reset}
            regionTree={regionTree}
            actions={
              granted.has(Perm.loanTrend) && (
                <ExportButton total={trend.data ? points?.length : undefined} onExport={() => exportLoanTrend(filters)} />
              )
            }
          />
        </Stack>
      </PageSection>
      {trend.isError && !trend.data ? (
        <PageSection>
          <LoadError message="价值趋势加载失败" onRetry={() => void trend.refetch()} />
        </PageSection>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <StatTile label="最新价值指数" value={latest ? formatIndex(latest.index) : null} loading={loading} />
            <StatTile label="较上期" value={latest ? formatChangePercent(latest.change) : null} loading={loading} />
            <StatTile label="最新已估价资产" value={latest?.assets} unit="项" loading={loading} />
            <StatTile label="最新价值合计" value={latest ? formatSaleSum(latest.valueTotal) : null} loading={loading} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <PageSection title="资产价值指数">
              {loading ? (
                <Skeleton height={280} />
              ) : (
                <TrendLineChart
                  data={(points ?? []).map((p) => ({ label: p.date, value: p.index }))}
                  seriesLabel="价值指数"
                  valueFormatter={formatIndex}
                  minPoints={1}
                  height={280}
                  emptyText={NOT_REVALUED}
                />
              )}
            </PageSection>
            <PageSection
              title={
                <Group gap={6} align="baseline">
                  <span>{trend.data?.seriesLevel === 'district' ? '区县指数' : '城市指数'}</span>
                  <Text span size="xs" c="dimmed" fw={400}>
                    最新价值前5
                  </Text>
                </Group>
              }
            >
              {loading ? (
                <Skeleton height={280} />
              ) : (
                <MultiTrendLineChart
                  rows={regional.rows}
                  series={regional.series}
                  valueFormatter={formatIndex}
                  minPoints={1}
                  height={280}
                  emptyText={NOT_REVALUED}
                />
              )}
            </PageSection>
          </SimpleGrid>
          <PageSection title="各期明细">
            <PagedTable
              label="价值趋势"
              columns={COLUMNS}
              rows={trend.data ? page : undefined}
              rowKey={(p) => p.runId}
              loading={loading}
              fetching={trend.isFetching && !loading}
              page={state.pageIndex}
              pageSize={state.pageSize}
              total={rows.length}
              pageSizes={state.pageSizes}
              onPageChange={state.setPageIndex}
              onPageSizeChange={state.setPageSize}
              emptyText={NOT_REVALUED}
              minWidth={860}
            />
          </PageSection>
        </>
      )}
    </Stack>
  );
}
