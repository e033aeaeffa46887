import { Badge, Button } from '@mantine/core';
import {
  EVAL_TYPE_LABELS,
  formatAreaText,
  formatEvalPrice,
  REVIEW_INITIATE_LABELS,
  REVIEW_STATE_LABELS,
  type ReviewListRow,
} from '@valuation/domain';
import { AddressCell, ListPage, type RowAction, type TableColumn, TwoLineCell, UnreadDot } from '@valuation/ui';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { CaseReportCell } from '../../reports/components/ReportActions';
import { CountBadge } from '../../shell/components/CountBadge';
import { exportReviews, useObjectionUnreadCount, useReviewList } from '../api/review-api';
import { CASE_PAGE_SIZES, caseQuery, REVIEW_FIELDS } from '../model/case-list';

const STATE_COLORS: Readonly<Record<number, string>> = { 1: 'blue', 2: 'green', 3: 'red', 4: 'gray' };

const price = (value: number | null, evalType: number) => formatEvalPrice(value, evalType);

const COLUMNS: TableColumn<ReviewListRow>[] = [
  { key: 'dot', title: '', width: 16, render: (r) => (r.ownRequest && r.state !== 1 && !r.read ? <UnreadDot unread /> : null) },
  { key: 'submitTime', title: '提交时间', field: 'submitTime', width: 170, nowrap: true },
  { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
  { key: 'principalCode', title: '客户编号', field: 'principalCode' },
  { key: 'place', title: '证载地址/小区', render: (r) => <AddressCell address={r.cardAddress} place={r.location} /> },
  {
    key: 'house',
    title: '物业类型/面积',
    nowrap: true,
    render: (r) => <TwoLineCell main={r.bldgTypeName} sub={formatAreaText(r.bldgArea)} />,
  },
  {
    key: 'evalType',
    title: '估价类型/来源',
    nowrap: true,
    render: (r) => (
      <TwoLineCell main={EVAL_TYPE_LABELS[r.evalType]} sub={r.initiate ? REVIEW_INITIATE_LABELS[r.initiate as 1 | 2 | 3] : undefined} />
    ),
  },
  { key: 'totalPrice', title: '原估价', align: 'right', nowrap: true, render: (r) => price(r.totalPrice, r.evalType) },
  { key: 'reviewTotalPrice', title: '复评结果', align: 'right', nowrap: true, render: (r) => price(r.reviewTotalPrice, r.evalType) },
  {
    key: 'state',
    title: '状态',
    nowrap: true,
    render: (r) => (
      <Badge variant="light" color={STATE_COLORS[r.state]} styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
        {REVIEW_STATE_LABELS[r.state]}
      </Badge>
    ),
  },
  { key: 'report', title: '报告', nowrap: true, render: (r) => <CaseReportCell kind="review" row={r} /> },
];

/** Route objectionReview: the re-appraisals the user may see, with filters, export and the detail action. */
export function ObjectionReviewPage() {
  const view = useListView('user', { fields: REVIEW_FIELDS, pageSizes: CASE_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => caseQuery(state.query), [state.query]);
  const list = useReviewList({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const objectionUnread = useObjectionUnreadCount(true).data ?? 0;
  const objections = link('objectionList');

  const actions = useMemo<RowAction<ReviewListRow>[]>(
    () => [
      {
        key: 'detail',
        label: '详情',
        href: (r) =>
          r.state === 1
            ? link('objectionDetail', undefined, { id: r.id, evalType: r.evalType })
            : link('objectionReviewReport', { id: r.id, evalType: r.evalType, isreport: 1 }),
      },
    ],
    [link],
  );

  return (
    <ListPage
      title="人工复评记录"
      {...view}
      result={list}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      rowActions={actions}
      toolbar={
        objections && (
          <Button
            variant="default"
            rightSection={objectionUnread > 0 ? <CountBadge count={objectionUnread} label="条未读价格异议答复" /> : undefined}
            onClick={() => navigate(objections)}
          >
            价格异议记录
          </Button>
        )
      }
      exportAction={{ run: (q) => exportReviews(caseQuery(q)) }}
      errorMessage="人工复评记录加载失败"
      minWidth={960}
    />
  );
}
