import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments, IconDownload, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { RevalRunView } from '@valuation/contracts';
import { formatDate, formatSaleSum, Perm, REVAL_TRIGGERS } from '@valuation/domain';
import { askConfirm, ListPage, PageSection, type RowAction, type TableColumn } from '@valuation/ui';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { assetKeys } from '../../assets/api/assets-api';
import { downloadLoanBookTemplate } from '../../batch/api/batch-api';
import { CreateTaskDialog } from '../../batch/components/CreateTaskDialog';
import { useDriftRule, useRevalRuns, useStartReval } from '../api/collateral-api';
import { DriftRuleDialog } from '../components/DriftRuleDialog';
import { RevalProgress, RevalRunSummary, RevalStateBadge } from '../components/RevalRunSummary';
import { formatLtv, REVAL_PAGE_SIZES, REVAL_RUN_FIELDS, revalStartQuestion, revalStateOf } from '../model/collateral-list';

const COLUMNS: readonly TableColumn<RevalRunView>[] = [
  { key: 'id', title: '任务编号', field: 'id', nowrap: true },
  { key: 'createTime', title: '开始时间', field: 'createTime', nowrap: true },
  {
    key: 'trigger',
    title: '发起方式',
    nowrap: true,
    render: (r) => `${REVAL_TRIGGERS[r.trigger as keyof typeof REVAL_TRIGGERS] ?? '--'}${r.accountName ? ` · ${r.accountName}` : ''}`,
  },
  { key: 'state', title: '状态', nowrap: true, render: (r) => <RevalStateBadge state={r.state} /> },
  { key: 'progress', title: '进度', render: (r) => <RevalProgress run={r} /> },
  { key: 'valueTotal', title: '重估价值合计', align: 'right', nowrap: true, render: (r) => formatSaleSum(r.valueTotal) },
  { key: 'loanTotal', title: '贷款余额合计', align: 'right', nowrap: true, render: (r) => formatSaleSum(r.loanTotal) },
  { key: 'ltv', title: '整体抵押率', align: 'right', nowrap: true, render: (r) => formatLtv(r.ltv) },
  { key: 'alerts', title: '预警', align: 'right', nowrap: true, render: (r) => r.alerts },
  {
    key: 'charge',
    title: '扣减/退回次数',
    align: 'right',
    nowrap: true,
    render: (r) => (!r.charged ? '不计费' : r.state === 1 ? `${r.chargeCount}/--` : `${r.chargeCount}/${r.refundCount}`),
  },
  { key: 'finishTime', title: '完成时间', nowrap: true, render: (r) => r.finishTime ?? '--' },
];

/** Route collateral (`/org/collateral`, permission 116): the revaluation runs of the asset book, the latest one's figures, and the rule. */
export function RevaluationPage() {
  const view = useListView('user', { fields: REVAL_RUN_FIELDS, pageSizes: REVAL_PAGE_SIZES });
  const { state, granted } = view;
  const runs = useRevalRuns({ state: revalStateOf(state.query), pageIndex: state.pageIndex, pageSize: state.pageSize });
  const latest = useRevalRuns({ pageIndex: 1, pageSize: REVAL_PAGE_SIZES[0] });
  const rule = useDriftRule();
  const start = useStartReval();
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const [editingRule, setEditingRule] = useState(false);
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  const closeImport = useCallback(() => setImporting(false), []);
  const imported = useCallback(() => {
    setImporting(false);
    void queryClient.invalidateQueries({ queryKey: assetKeys.all() });
  }, [queryClient]);
  const last = latest.data?.list[0];
  const running = last?.state === 1;

  const startRun = async () => {
    const sure = await askConfirm({
      title: '发起重估',
      message: revalStartQuestion(rule.data?.charged),
      confirmLabel: '发起重估',
    });
    if (!sure) return;
    start.mutate(undefined, { onSuccess: (r) => notifications.show({ color: 'green', message: `重估任务已创建：共${r.total}项资产` }) });
  };

  const actions = useMemo<RowAction<RevalRunView>[]>(
    () => [{ key: 'detail', label: '明细', permission: Perm.collateral, href: (r) => link('collateralRun', undefined, { id: r.id }) }],
    [link],
  );

  const alertsOf = (runId: number) => {
    const href = link('collateralAlerts', { runId });
    return href ? () => navigate(href) : undefined;
  };
  const schedule = rule.data
    ? rule.data.scheduleEnabled
      ? `每${rule.data.scheduleMonths}个月自动重估，下次：${rule.data.nextRunDate ? formatDate(rule.data.nextRunDate) : '--'}`
      : '定期重估已关闭'
    : '';

  return (
    <Stack gap="lg">
      <PageSection
        title="押品监测"
        actions={
          <Group gap="sm">
            {granted.has(Perm.assetLoan) && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void downloadLoanBookTemplate().catch(() => undefined)}
                >
                  台账模板
                </Button>
                <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
                  导入贷款台账
                </Button>
              </>
            )}
            {granted.has(Perm.driftRule) && (
              <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setEditingRule(true)}>
                预警规则
              </Button>
            )}
            {granted.has(Perm.revalRun) && (
              <Button leftSection={<IconRefresh size={16} />} loading={start.isPending} disabled={running} onClick={() => void startRun()}>
                {running ? '重估进行中' : '立即重估'}
              </Button>
            )}
          </Group>
        }
      >
        <Stack gap="sm">
          {schedule && (
            <Text size="sm" c="dimmed">
              {schedule}
              {rule.data &&
                ` · 预警阈值：较放款时下跌>${rule.data.originDropPct}%，较上次重估下跌>${rule.data.lastDropPct}%，抵押率>${rule.data.maxLtvPct}%${rule.data.alertClassC ? '，置信度降为C' : ''}`}
            </Text>
          )}
          {latest.isLoading ? (
            <Skeleton height={150} />
          ) : last ? (
            <RevalRunSummary run={last} onAlerts={alertsOf(last.id)} />
          ) : (
            <Text size="sm" c="dimmed">
              尚未重估。资产管理中的资产可在此一键重估，并按预警规则发现价值下跌与抵押率超限的押品。
            </Text>
          )}
        </Stack>
      </PageSection>
      <ListPage
        title="重估任务"
        {...view}
        result={runs}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        errorMessage="重估任务加载失败"
        emptyText="暂无重估任务"
        minWidth={1220}
      />
      {granted.has(Perm.assetLoan) && <CreateTaskDialog book opened={importing} onClose={closeImport} onCreated={imported} />}
      {granted.has(Perm.driftRule) && <DriftRuleDialog rule={rule.data} opened={editingRule} onClose={() => setEditingRule(false)} />}
    </Stack>
  );
}
