import { Badge, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { LoanHousePoint, LoanHouseView } from '@valuation/contracts';
import {
  changePct,
  DRIFT_KIND_LABELS,
  evalPriceValue,
  formatArea,
  formatChangePercent,
  formatEvalPrice,
  formatGrouped,
  formatUnitPrice,
  loanToValue,
  PROPERTY_TYPE_LABELS,
  type DriftKind,
} from '@valuation/domain';
import { InfoGrid, LoadError, PagedTable, PageSection, StatTile, TrendLineChart, type TableColumn } from '@valuation/ui';
import { useSearchParams } from 'react-router-dom';
import { LoanAssetPicker } from '../components/LoanAssetPicker';
import { useLoanHouse } from '../api/loan-analytics-api';
import { formatIndex, NOT_REVALUED } from '../model/loan-analytics';
import { formatLtv } from '../model/collateral-list';

type HouseAlert = LoanHouseView['alerts'][number];

const HISTORY_COLUMNS: readonly TableColumn<LoanHousePoint>[] = [
  { key: 'date', title: '日期', field: 'date', nowrap: true },
  {
    key: 'source',
    title: '来源',
    nowrap: true,
    render: (h) => (h.source === 'reval' ? `重估任务 ${h.runId}` : '估价记录'),
  },
  { key: 'value', title: '估值', align: 'right', nowrap: true, render: (h) => formatEvalPrice(h.value, 1) },
  { key: 'unitPrice', title: '单价', align: 'right', nowrap: true, render: (h) => formatUnitPrice(h.unitPrice, 1) },
  { key: 'class', title: '置信度', nowrap: true, render: (h) => h.confidenceClass ?? '--' },
  { key: 'loanAmount', title: '贷款余额', align: 'right', nowrap: true, render: (h) => formatEvalPrice(h.loanAmount, 1, 2) },
  { key: 'ltv', title: '抵押率', align: 'right', nowrap: true, render: (h) => formatLtv(h.ltv) },
];

const ALERT_COLUMNS: readonly TableColumn<HouseAlert>[] = [
  { key: 'createTime', title: '预警时间', field: 'createTime', nowrap: true },
  {
    key: 'kind',
    title: '预警类型',
    nowrap: true,
    render: (a) => (
      <Badge color="red" variant="light" radius="sm">
        {DRIFT_KIND_LABELS[a.kind as DriftKind] ?? a.kind}
      </Badge>
    ),
  },
  { key: 'message', title: '说明', field: 'message' },
  { key: 'runId', title: '重估任务', field: 'runId', nowrap: true },
];

const wan = (yuan: number) => evalPriceValue(yuan, 1, 2) ?? 0;

function HouseAnalysis({ view }: { view: LoanHouseView }) {
  const { asset, history, community, alerts } = view;
  const revalued = history.filter((h) => h.source === 'reval');
  const current = history.at(-1);
  const ltvNow = revalued.at(-1)?.ltv ?? loanToValue(asset.loanAmount, current?.value ?? null);
  return (
    <Stack gap="lg">
      <PageSection title={`${asset.haName ?? '--'} · 资产 ${asset.id}`}>
        <Stack gap="md">
          <InfoGrid
            cols={3}
            items={[
              { label: '城市/区县', value: [asset.cityName, asset.distName].filter(Boolean).join(' ') || '--' },
              { label: '物业类型', value: PROPERTY_TYPE_LABELS[asset.propType] ?? '--' },
              { label: '建筑面积', value: `${formatArea(asset.bldgArea)}㎡` },
              { label: '贷款编号', value: asset.loanNo ?? '--' },
              { label: '放款日期', value: asset.loanDate ?? '--' },
              { label: '放款时估值', value: formatEvalPrice(asset.originValue, 1) },
            ]}
          />
          <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
            <StatTile label="最新估值" value={formatEvalPrice(current?.value, 1)} />
            <StatTile label="贷款余额" value={formatEvalPrice(asset.loanAmount, 1, 2)} />
            <StatTile label="当前抵押率" value={formatLtv(ltvNow)} />
            <StatTile label="较放款时估值" value={formatChangePercent(current ? changePct(current.value, asset.originValue) : null)} />
          </SimpleGrid>
        </Stack>
      </PageSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PageSection title="估值历史（万元）">
          <TrendLineChart
            data={history.map((h) => ({ label: h.date, value: wan(h.value) }))}
            seriesLabel="估值(万元)"
            valueFormatter={(v) => formatGrouped(v, 2)}
            minPoints={1}
            emptyText="暂无数据"
          />
        </PageSection>
        <PageSection title="抵押率变化（%）">
          <TrendLineChart
            data={revalued.filter((h) => h.ltv !== null).map((h) => ({ label: h.date, value: h.ltv ?? 0 }))}
            seriesLabel="抵押率(%)"
            valueFormatter={(v) => formatGrouped(v, 2)}
            minPoints={1}
            color="grape.6"
            emptyText={revalued.length ? '无贷款' : NOT_REVALUED}
          />
        </PageSection>
        <PageSection title="小区价值指数（本资产库）">
          <TrendLineChart
            data={community.runs.map((c) => ({ label: c.date, value: c.index }))}
            seriesLabel="小区指数"
            valueFormatter={formatIndex}
            minPoints={1}
            color="teal.6"
            emptyText={NOT_REVALUED}
          />
        </PageSection>
        <PageSection title="小区市场均价（元/㎡）">
          <TrendLineChart
            data={community.market.map((m) => ({ label: m.month, value: m.avgUnitPrice }))}
            seriesLabel="挂牌/成交均价"
            valueFormatter={(v) => formatGrouped(v, 0)}
            minPoints={2}
            maxLabels={6}
            color="orange.6"
            emptyText="暂无数据"
          />
        </PageSection>
      </SimpleGrid>
      <PageSection title="估值与抵押率明细">
        <PagedTable
          label="估值与抵押率明细"
          columns={HISTORY_COLUMNS}
          rows={[...history].reverse()}
          rowKey={(h, i) => `${h.source}-${h.runId ?? i}`}
          page={1}
          pageSize={Math.max(history.length, 1)}
          total={history.length}
          onPageChange={() => undefined}
          minWidth={760}
        />
      </PageSection>
      <PageSection title="预警记录">
        <PagedTable
          label="预警记录"
          columns={ALERT_COLUMNS}
          rows={[...alerts].reverse()}
          rowKey={(a) => a.id}
          page={1}
          pageSize={Math.max(alerts.length, 1)}
          total={alerts.length}
          onPageChange={() => undefined}
          emptyText="暂无预警"
          minWidth={640}
        />
      </PageSection>
    </Stack>
  );
}

/**
 * Route LoanOfHouseAnalyse (permission 123, query assetId): one asset's value history (its
 * valuations before the first revaluation, then each run), its LTV path, its community's index in
 * the book and on the market, and its alerts.
 */
export function LoanHousePage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('assetId'));
  const assetId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const house = useLoanHouse(assetId);
  return (
    <Stack gap="lg">
      <PageSection title="单押品分析">
        <LoanAssetPicker value={assetId} valueLabel={house.data?.asset.loanNo} onChange={(id) => setParams({ assetId: String(id) })} />
      </PageSection>
      {assetId === undefined ? (
        <PageSection>
          <Center h={160}>
            <Text c="dimmed">请选择押品，或从重估明细、资产管理进入</Text>
          </Center>
        </PageSection>
      ) : house.isError && !house.data ? (
        <PageSection>
          <LoadError message="押品分析加载失败" onRetry={() => void house.refetch()} />
        </PageSection>
      ) : house.data ? (
        <HouseAnalysis view={house.data} />
      ) : (
        <Stack gap="lg">
          <Skeleton height={200} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Skeleton height={300} />
            <Skeleton height={300} />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
