import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { AppraisalQueueRow } from '@valuation/contracts';
import { APPRAISAL_QUEUE_PAGE_SIZES, formatArea, formatDateTime } from '@valuation/domain';
import { PagedTable, type TableColumn } from '@valuation/ui';
import { Link } from 'react-router-dom';
import { KindBadge, OverdueBadge, StateBadge } from './CaseBadges';
import classes from './AppraisalQueueTable.module.css';

export interface AppraisalQueueTableProps {
  rows: readonly AppraisalQueueRow[] | undefined;
  loading: boolean;
  fetching: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  caseHref: (id: number) => string | undefined;
  /** Claim is offered when the caller may claim; undefined hides the button. */
  onClaim?: (row: AppraisalQueueRow) => void;
  claimingId?: number;
}

const address = (r: AppraisalQueueRow) => r.haName || r.location || r.cardAddress || '--';

/** The appraisers' queue: overdue rows red, then the due time; 领取 and 处理 on each open row. */
export function AppraisalQueueTable({ rows, caseHref, onClaim, claimingId, ...paging }: AppraisalQueueTableProps) {
  const columns: TableColumn<AppraisalQueueRow>[] = [
    {
      key: 'caseNo',
      title: '案件编号',
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" ff="monospace" data-overdue={r.overdue || undefined}>
            {r.caseNo}
          </Text>
          <Text size="xs" c="dimmed">
            {r.companyName || '--'}
          </Text>
        </Stack>
      ),
    },
    { key: 'kind', title: '类型', render: (r) => <KindBadge kind={r.kind} /> },
    { key: 'state', title: '状态', render: (r) => <StateBadge kind={r.kind} machineState={r.machineState} /> },
    {
      key: 'house',
      title: '城市 / 小区',
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm">{address(r)}</Text>
          <Text size="xs" c="dimmed">
            {r.cityName} · {r.evalType === 2 ? '租金' : '售价'} · {formatArea(r.bldgArea)}㎡
          </Text>
        </Stack>
      ),
    },
    { key: 'submitTime', title: '提交时间', render: (r) => formatDateTime(r.submitTime) },
    {
      key: 'dueTime',
      title: '截止时间',
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={r.overdue ? 600 : undefined}>
            {formatDateTime(r.dueTime)}
          </Text>
          {r.overdue && <OverdueBadge />}
        </Group>
      ),
    },
    {
      key: 'assignee',
      title: '处理人',
      render: (r) =>
        r.assigneeName ?? (
          <Text size="sm" c="dimmed">
            未领取
          </Text>
        ),
    },
    {
      key: 'actions',
      title: '操作',
      align: 'center',
      render: (r) => {
        const href = caseHref(r.id);
        return (
          <Group gap="xs" justify="center" wrap="nowrap">
            {onClaim && r.machineState === 'pending' && (
              <Button size="compact-sm" variant="light" loading={claimingId === r.id} onClick={() => onClaim(r)}>
                领取
              </Button>
            )}
            {href && (
              <Anchor component={Link} to={href} size="sm">
                处理
              </Anchor>
            )}
          </Group>
        );
      },
    },
  ];
  return (
    <Box className={classes.table}>
      <PagedTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        pageSizes={APPRAISAL_QUEUE_PAGE_SIZES}
        emptyText="暂无待处理案件"
        minWidth={1100}
        {...paging}
      />
    </Box>
  );
}
