import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EVAL_TYPE_LABELS,
  formatArea,
  formatEvalPrice,
  ListMsg,
  REVIEW_INITIATE_LABELS,
  REVIEW_STATE_LABELS,
  type ReviewListRow,
} from '@valuation/domain';
import { PageSection, UnreadDot, type TableColumn } from '@valuation/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FilteredListTable } from '../../../app/filters/FilteredListTable';
import { useListFilters } from '../../../app/filters/use-list-filters';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { CaseReportCell } from '../../reports/components/ReportActions';
import { CountBadge } from '../../shell/components/CountBadge';
import { exportReviews, useObjectionUnreadCount, useReviewList } from '../api/review-api';
import { CASE_PAGE_SIZES, CaseFilters, caseFilterQuery, initialCaseFilters } from '../components/CaseFilters';

const STATE_COLORS: Readonly<Record<number, string>> = { 1: 'blue', 2: 'green', 3: 'red' };
const STATES = Object.entries(REVIEW_STATE_LABELS).map(([value, label]) => ({ value, label }));

/** Route objectionReview: the re-appraisals the user may see, with filters, export and the detail action. */
export function ObjectionReviewPage() {
  const filters = useListFilters({ initial: initialCaseFilters, toQuery: caseFilterQuery, pageSizes: CASE_PAGE_SIZES });
  const list = useReviewList(filters.listQuery);
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const objectionUnread = useObjectionUnreadCount(true).data ?? 0;

  const startExport = async () => {
    if (!list.data || list.data.total === 0) {
      notifications.show({ color: 'yellow', message: ListMsg.noData });
      return;
    }
    setExporting(true);
    try {
      await exportReviews(filters.filterQuery);
    } catch {
      /* the download shows its own message */
    } finally {
      setExporting(false);
    }
  };

  const detailHref = (row: ReviewListRow) =>
    row.state === 1
      ? link('objectionDetail', undefined, { id: row.id, evalType: row.evalType })
      : link('objectionReviewReport', { id: row.id, evalType: row.evalType, isreport: 1 });

  const columns: TableColumn<ReviewListRow>[] = [
    {
      key: 'dot',
      title: '',
      width: 16,
      render: (r) => (r.ownRequest && r.state !== 1 && !r.read ? <UnreadDot unread /> : null),
    },
    { key: 'submitTime', title: '提交时间', field: 'submitTime', width: 170 },
    { key: 'cityName', title: '城市', field: 'cityName' },
    { key: 'principalCode', title: '客户编号', field: 'principalCode' },
    { key: 'cardAddress', title: '证载地址', field: 'cardAddress' },
    { key: 'location', title: '小区/位置', field: 'location' },
    { key: 'bldgTypeName', title: '物业类型', field: 'bldgTypeName' },
    { key: 'bldgArea', title: '面积(㎡)', render: (r) => formatArea(r.bldgArea), align: 'right' },
    { key: 'evalType', title: '估价类型', render: (r) => EVAL_TYPE_LABELS[r.evalType] },
    {
      key: 'initiate',
      title: '来源',
      width: 90,
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.initiate ? REVIEW_INITIATE_LABELS[r.initiate as 1 | 2 | 3] : '--'}
        </Text>
      ),
    },
    {
      key: 'totalPrice',
      title: '原估价',
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEvalPrice(r.totalPrice, r.evalType)}
        </Text>
      ),
      align: 'right',
      width: 120,
    },
    {
      key: 'reviewTotalPrice',
      title: '复评结果',
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEvalPrice(r.reviewTotalPrice, r.evalType)}
        </Text>
      ),
      align: 'right',
      width: 120,
    },
    {
      key: 'state',
      title: '状态',
      width: 96,
      render: (r) => (
        <Badge variant="light" color={STATE_COLORS[r.state]} styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
          {REVIEW_STATE_LABELS[r.state]}
        </Badge>
      ),
    },
    { key: 'report', title: '报告', width: 80, render: (r) => <CaseReportCell kind="review" row={r} /> },
    {
      key: 'action',
      title: '操作',
      render: (r) => {
        const href = detailHref(r);
        return href ? (
          <Anchor component={Link} to={href} size="sm">
            详情
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            --
          </Text>
        );
      },
    },
  ];

  return (
    <Stack gap="lg">
      <PageSection title="人工复评记录">
        <CaseFilters
          value={filters.draft}
          onChange={filters.update}
          onSearch={filters.search}
          onReset={filters.reset}
          states={STATES}
          actions={
            <Group gap="sm">
              <Button
                variant="default"
                rightSection={objectionUnread > 0 ? <CountBadge count={objectionUnread} label="条未读价格异议答复" /> : undefined}
                onClick={() => {
                  const href = link('objectionList');
                  if (href) navigate(href);
                }}
              >
                价格异议记录
              </Button>
              <Button variant="light" loading={exporting} onClick={() => void startExport()}>
                导出
              </Button>
            </Group>
          }
        />
      </PageSection>
      <PageSection>
        <FilteredListTable
          list={list}
          filters={filters}
          columns={columns}
          rowKey={(r) => r.id}
          pageSizes={CASE_PAGE_SIZES}
          errorMessage="人工复评记录加载失败"
          minWidth={1080}
        />
      </PageSection>
    </Stack>
  );
}
