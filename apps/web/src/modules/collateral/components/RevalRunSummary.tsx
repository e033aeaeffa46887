import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RevalRunView } from '@valuation/contracts';
import { formatSaleSum, REVAL_RUN_STATES, REVAL_TRIGGERS } from '@valuation/domain';
import { StatTile } from '@valuation/ui';
import { formatDateTime } from '../../../app/format/date-format';
import { TaskProgress } from '../../batch/components/TaskProgress';
import { formatLtv, revalChargeText } from '../model/collateral-list';

const STATE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'red' };

export function RevalStateBadge({ state }: { state: number }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state] ?? 'gray'} radius="sm">
      {REVAL_RUN_STATES[state as keyof typeof REVAL_RUN_STATES] ?? '--'}
    </Badge>
  );
}

/** A run's progress while it is valued: a moving bar with counts; counts once it ended. */
export function RevalProgress({ run, width }: { run: Pick<RevalRunView, 'state' | 'processed' | 'total'>; width?: number }) {
  return <TaskProgress task={{ taskState: run.state as 1 | 2 | 3, processed: run.processed, evalTotal: run.total }} width={width} />;
}

/** A run's figures: assets valued, the book's value, the loans, their LTV and the alerts raised. */
export function RevalRunSummary({ run, onAlerts }: { run: RevalRunView; onAlerts?: () => void }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text fz="lg" fw={600}>
          重估任务 {run.id}
        </Text>
        <RevalStateBadge state={run.state} />
        <Text size="sm" c="dimmed">
          {REVAL_TRIGGERS[run.trigger as keyof typeof REVAL_TRIGGERS] ?? ''}发起 · {run.accountName || '--'} · 开始于{' '}
          {formatDateTime(run.createTime)}
          {run.finishTime ? ` · 完成于 ${formatDateTime(run.finishTime)}` : ''} · 引擎 {run.engineVersion} · {revalChargeText(run)}
        </Text>
      </Group>
      {run.state === 1 && <RevalProgress run={run} width={360} />}
      {run.state === 3 && run.errorReason && (
        <Text size="sm" c="red">
          {run.errorReason}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <StatTile label="已重估资产" value={`${run.valued}/${run.total}`} unit="项" />
        <StatTile label="重估价值合计" value={formatSaleSum(run.valueTotal)} />
        <StatTile label="贷款余额合计" value={formatSaleSum(run.loanTotal)} />
        <StatTile label="整体抵押率" value={formatLtv(run.ltv)} />
        <StatTile label="预警" value={run.alerts} unit="条" onClick={onAlerts} />
      </SimpleGrid>
    </Stack>
  );
}
