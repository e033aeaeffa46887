import { Group, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import type { LoanStructureGroup } from '@valuation/contracts';
import {
  evalPriceValue,
  formatSaleSum,
  formatShare,
  Perm,
  STRUCTURE_DIMENSION_LABELS,
  STRUCTURE_DIMENSIONS,
  type StructureDimension,
} from '@valuation/domain';
import { DistributionBarChart, ExportButton, LoadError, PagedTable, PageSection, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { exportLoanStructure, useLoanStructure } from '../api/loan-analytics-api';
import { NOT_REVALUED } from '../model/loan-analytics';
import { formatLtv } from '../model/collateral-list';

const METRICS = {
  count: { label: '资产数', series: '资产数', value: (g: LoanStructureGroup) => g.count },
  valueTotal: { label: '价值合计', series: '价值合计(万元)', value: (g: LoanStructureGroup) => evalPriceValue(g.valueTotal, 1) ?? 0 },
  loanTotal: { label: '贷款余额', series: '贷款余额(万元)', value: (g: LoanStructureGroup) => evalPriceValue(g.loanTotal, 1) ?? 0 },
} as const;
type Metric = keyof typeof METRICS;

const isDimension = (v: string | null): v is StructureDimension => STRUCTURE_DIMENSIONS.some((d) => d === v);

function groupColumns(dimLabel: string, valueTotal: number): TableColumn<LoanStructureGroup>[] {
  return [
    { key: 'label', title: dimLabel, field: 'label', nowrap: true },
    { key: 'count', title: '资产数', align: 'right', nowrap: true, render: (g) => `${g.count}项` },
    { key: 'valueTotal', title: '价值合计', align: 'right', nowrap: true, render: (g) => formatSaleSum(g.valueTotal) },
    {
      key: 'share',
      title: '价值占比',
      align: 'right',
      nowrap: true,
      render: (g) => formatShare(valueTotal > 0 ? (g.valueTotal / valueTotal) * 100 : null),
    },
    { key: 'loanTotal', title: '贷款余额合计', align: 'right', nowrap: true, render: (g) => formatSaleSum(g.loanTotal) },
    { key: 'avgLtv', title: '平均抵押率', align: 'right', nowrap: true, render: (g) => formatLtv(g.avgLtv) },
  ];
}

/**
 * Route LoanOfStructureAnalyse (permission 122): the book of a finished revaluation run (the latest
 * by default) by city, district, property type, confidence class, LTV band or loan year. The run
 * and the dimension are kept in the URL.
 */
export function LoanStructurePage() {
  const [params, setParams] = useSearchParams();
  const runParam = Number(params.get('runId'));
  const runId = Number.isInteger(runParam) && runParam > 0 ? runParam : undefined;
  const dimParam = params.get('dim');
  const dim: StructureDimension = isDimension(dimParam) ? dimParam : 'city';
  const [metric, setMetric] = useState<Metric>('valueTotal');
  const structure = useLoanStructure(runId);
  const { granted } = useGrantedPermissions('user');
  const data = structure.data;
  const groups = useMemo(() => data?.dimensions.find((d) => d.key === dim)?.groups ?? [], [data, dim]);
  const valueTotal = groups.reduce((s, g) => s + g.valueTotal, 0);
  const columns = useMemo(() => groupColumns(STRUCTURE_DIMENSION_LABELS[dim], valueTotal), [dim, valueTotal]);
  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const runOptions = (data?.runs ?? []).map((r) => ({ value: String(r.id), label: `${r.date}（任务${r.id}）` }));

  return (
    <Stack gap="lg">
      <PageSection
        title="结构分析"
        actions={
          granted.has(Perm.loanStructure) && (
            <ExportButton total={data?.run ? groups.length : data ? 0 : undefined} onExport={() => exportLoanStructure(data?.run?.id)} />
          )
        }
      >
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Select
            label="重估任务"
            w={240}
            data={runOptions}
            value={data?.run ? String(data.run.id) : null}
            placeholder={data ? NOT_REVALUED : '加载中…'}
            allowDeselect={false}
            disabled={runOptions.length === 0}
            onChange={(v) => setParam('runId', v)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              分析维度
            </Text>
            <SegmentedControl
              aria-label="分析维度"
              value={dim}
              onChange={(v) => setParam('dim', v === 'city' ? null : v)}
              data={STRUCTURE_DIMENSIONS.map((d) => ({ value: d, label: STRUCTURE_DIMENSION_LABELS[d] }))}
            />
          </Stack>
        </Group>
      </PageSection>
      {structure.isError && !data ? (
        <PageSection>
          <LoadError message="结构分析加载失败" onRetry={() => void structure.refetch()} />
        </PageSection>
      ) : (
        <>
          <PageSection
            title={`按${STRUCTURE_DIMENSION_LABELS[dim]}分布`}
            actions={
              <SegmentedControl
                size="xs"
                aria-label="指标"
                value={metric}
                onChange={(v) => setMetric(v as Metric)}
                data={Object.entries(METRICS).map(([value, m]) => ({ value, label: m.label }))}
              />
            }
          >
            {structure.isLoading ? (
              <Skeleton height={280} />
            ) : (
              <DistributionBarChart
                buckets={groups.map((g) => ({ label: g.label, count: METRICS[metric].value(g) }))}
                markerIndex={null}
                seriesLabel={METRICS[metric].series}
                height={280}
                emptyText={data?.run ? '暂无数据' : NOT_REVALUED}
              />
            )}
          </PageSection>
          <PageSection title="分组明细">
            <PagedTable
              label="结构分析"
              columns={columns}
              rows={data ? groups : undefined}
              rowKey={(g) => g.key || 'none'}
              loading={structure.isLoading}
              fetching={structure.isFetching && !structure.isLoading}
              page={1}
              pageSize={Math.max(groups.length, 1)}
              total={groups.length}
              onPageChange={() => undefined}
              emptyText={data?.run ? '暂无数据' : NOT_REVALUED}
              minWidth={760}
            />
          </PageSection>
        </>
      )}
    </Stack>
  );
}
