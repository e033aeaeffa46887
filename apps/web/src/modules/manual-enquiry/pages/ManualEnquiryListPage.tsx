import { Badge, Group, Text } from '@mantine/core';
import { ARTIFICIAL_STATE_LABELS, EVAL_TYPE_LABELS, formatEvalPrice, Perm, type ArtificialListRow } from '@valuation/domain';
import { AddressCell, ListPage, type RowAction, type TableColumn, UnreadDot } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { CaseReportCell } from '../../reports/components/ReportActions';
import { EnquiryDetailModal } from '../components/EnquiryDetailModal';
import { exportArtificialList, useArtificialList, useMarkArtificialRead } from '../api/manual-enquiry-api';
import { ENQUIRY_FIELDS, ENQUIRY_PAGE_SIZES, enquiryQuery } from '../model/enquiry-list';

const STATE_COLORS: Readonly<Record<1 | 2 | 3 | 4, string>> = { 1: 'orange', 2: 'green', 3: 'red', 4: 'gray' };

const COLUMNS: TableColumn<ArtificialListRow>[] = [
  {
    key: 'submitTime',
    title: '提交时间',
    width: 170,
    render: (r) => (
      <Group gap={6} wrap="nowrap">
        <UnreadDot unread={r.ownRequest && !r.read} />
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.submitTime}
        </Text>
      </Group>
    ),
  },
  { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
  { key: 'place', title: '证载地址/小区', render: (r) => <AddressCell address={r.cardAddress} place={r.location} /> },
  { key: 'principalCode', title: '客户编号', render: (r) => r.principalCode || '--' },
  { key: 'evalType', title: '估价类型', nowrap: true, render: (r) => EVAL_TYPE_LABELS[r.evalType] },
  { key: 'price', title: '人工估价', align: 'right', nowrap: true, render: (r) => formatEvalPrice(r.reviewTotalPrice, r.evalType) },
  {
    key: 'state',
    title: '状态',
    nowrap: true,
    render: (r) => (
      <Badge variant="light" color={STATE_COLORS[r.state]}>
        {ARTIFICIAL_STATE_LABELS[r.state]}
      </Badge>
    ),
  },
  { key: 'report', title: '报告', nowrap: true, render: (r) => <CaseReportCell kind="artificial" row={r} /> },
];

/** Route manualEnquiry: the manual enquiries the user may see, with the user's own answered unread ones marked. */
export function ManualEnquiryListPage() {
  const view = useListView('user', { fields: ENQUIRY_FIELDS, pageSizes: ENQUIRY_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => enquiryQuery(state.query), [state.query]);
  const list = useArtificialList({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const markRead = useMarkArtificialRead();
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const [sentId, setSentId] = useState<number | null>(null);

  /* Pending and withdrawn enquiries show what was sent (and 撤回 while pending); answered ones open their result page. */
  const actions = useMemo<RowAction<ArtificialListRow>[]>(
    () => [
      {
        key: 'sent',
        label: '详情',
        visible: (r) => r.state === 1 || r.state === 4,
        onClick: (r) => setSentId(r.id),
      },
      {
        key: 'detail',
        label: '详情',
        visible: (r) => (r.state === 2 || r.state === 3) && link('manualInquiryReport') !== undefined,
        onClick: async (r) => {
          if (r.ownRequest && !r.read) await markRead.mutateAsync(r.id).catch(() => undefined);
          const href = link('manualInquiryReport', { id: r.id, evalType: r.evalType });
          if (href) navigate(href);
        },
      },
    ],
    [link, markRead, navigate],
  );

  return (
    <>
      <ListPage
        title="人工询价"
        {...view}
        result={list}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        exportAction={{ permission: Perm.manualEnquiryList, run: (q) => exportArtificialList(enquiryQuery(q)) }}
        errorMessage="人工询价记录加载失败"
        minWidth={940}
      />
      <EnquiryDetailModal id={sentId} onClose={() => setSentId(null)} />
    </>
  );
}
