import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { RevalItemView } from '@valuation/contracts';
import {
  DRIFT_KIND_LABELS,
  formatArea,
  formatChangePercent,
  formatEvalPrice,
  formatUnitPrice,
  REVAL_ITEM_STATES,
  type DriftKind,
} from '@valuation/domain';
import { ListPage, LoadError, PageSection, type TableColumn } from '@valuation/ui';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useDriftRule, useRevalItems, useRevalRun } from '../api/collateral-api';
import { RevalRunSummary } from '../components/RevalRunSummary';
import { formatLtv, ltvColor, REVAL_ITEM_FIELDS, REVAL_PAGE_SIZES, revalItemStateOf } from '../model/collateral-list';

function itemColumns(ltvLimit: number, houseLink: (assetId: number) => string | undefined): TableColumn<RevalItemView>[] {
  return [
    {
      key: 'assetId',
      title: '资产编号',
      nowrap: true,
      render: (i) => {
        const href = houseLink(i.assetId);
        return href ? (
          <Anchor component={Link} to={href} size="sm" title="单押品分析">
            {i.assetId}
          </Anchor>
        ) : (
          i.assetId
        );
      },
    },
    {
      key: 'place',
      title: '城市/小区',
      render: (i) => (
        <div>
          <Text size="sm">{i.haName ?? '--'}</Text>
          <Text size="xs" c="dimmed">
            {i.cityName} · {formatArea(i.bldgArea)}㎡
          </Text>
        </div>
      ),
    },
    { key: 'loanNo', title: '贷款编号', nowrap: true, render: (i) => i.loanNo ?? '--' },
    { key: 'loanAmount', title: '贷款余额', align: 'right', nowrap: true, render: (i) => formatEvalPrice(i.loanAmount, 1, 2) },
    { key: 'prevValue', title: '上次价值', align: 'right', nowrap: true, render: (i) => formatEvalPrice(i.prevValue, 1) },
    {
      key: 'totalPrice',
      title: '重估价值',
      align: 'right',
      nowrap: true,
      render: (i) =>
        i.state === 1 ? (
          <div>
            <Text size="sm" fw={600}>
              {formatEvalPrice(i.totalPrice, 1)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatUnitPrice(i.unitPrice, 1)}
            </Text>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {REVAL_ITEM_STATES[i.state as keyof typeof REVAL_ITEM_STATES]}
          </Text>
        ),
    },
    {
      key: 'change',
      title: '变动',
      align: 'right',
      nowrap: true,
      render: (i) => (
        <Text size="sm" c={i.change !== null && i.change < 0 ? 'red' : undefined}>
          {formatChangePercent(i.change)}
        </Text>
      ),
    },
    {
      key: 'ltv',
      title: '抵押率',
      align: 'right',
      nowrap: true,
      render: (i) => (
        <Text size="sm" c={ltvColor(i.ltv, ltvLimit)}>
          {formatLtv(i.ltv)}
        </Text>
      ),
    },
    { key: 'class', title: '置信度', nowrap: true, render: (i) => i.confidenceClass ?? '--' },
    {
      key: 'alerts',
      title: '预警/说明',
      render: (i) =>
        i.alerts.length > 0 ? (
          <Group gap={4}>
            {i.alerts.map((k) => (
              <Badge key={k} color="red" variant="light" radius="sm" size="sm">
                {DRIFT_KIND_LABELS[k as DriftKind] ?? k}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {i.error ?? '--'}
          </Text>
        ),
    },
  ];
}

/** Route collateralRun (`/org/collateralRun/:id`): one revaluation run and its assets. */
export function RevaluationRunPage() {
  const { id } = useParams();
  const runId = Number(id);
  const run = useRevalRun(runId);
  const rule = useDriftRule();
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const view = useListView('user', { fields: REVAL_ITEM_FIELDS, pageSizes: REVAL_PAGE_SIZES });
  const { state } = view;
  const items = useRevalItems(
    { runId, state: revalItemStateOf(state.query), pageIndex: state.pageIndex, pageSize: state.pageSize },
    Number.isInteger(runId) && runId > 0,
  );
  const { refetch } = items;
  const processed = run.data?.processed;
  const running = run.data?.state === 1;
  useEffect(() => {
    if (running) void refetch();
  }, [processed, running, refetch]);

  const columns = useMemo(
    () => itemColumns(rule.data?.maxLtvPct ?? 80, (assetId) => link('LoanOfHouseAnalyse', { assetId })),
    [rule.data, link],
  );
  const back = link('collateral');
  const alerts = link('collateralAlerts', { runId });

  return (
    <Stack gap="lg">
      <PageSection
        title="重估明细"
        actions={
          back && (
            <Anchor component={Link} to={back} size="sm">
              <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
              返回押品监测
            </Anchor>
          )
        }
      >
        {run.isError && !run.data ? (
          <LoadError message="重估任务加载失败" onRetry={() => void run.refetch()} />
        ) : run.data ? (
          <RevalRunSummary run={run.data} onAlerts={alerts ? () => navigate(alerts) : undefined} />
        ) : (
          <Skeleton height={150} />
        )}
      </PageSection>
      <ListPage
        title="资产明细"
        {...view}
        result={items}
        columns={columns}
        rowKey={(i) => i.id}
        errorMessage="重估明细加载失败"
        minWidth={1180}
      />
    </Stack>
  );
}
