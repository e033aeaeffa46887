import { Badge, Box, Drawer, Stack } from '@mantine/core';
import { formatEvalPrice, OBJECTION_REASON_LABELS, objectionStateLabel, type ObjectionListRow } from '@valuation/domain';
import { InfoGrid, ListPage, LoadError, PageSection, UnreadDot, type RowAction, type TableColumn } from '@valuation/ui';
import { useEffect, useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useObjectionDetail, useObjectionList, useReadObjection } from '../api/review-api';
import { CaseAnswerSection, CaseHistorySection, CaseRequestSection } from '../components/CaseSections';
import { CASE_PAGE_SIZES, caseQuery, OBJECTION_FIELDS } from '../model/case-list';

const COLUMNS: TableColumn<ObjectionListRow>[] = [
  { key: 'dot', title: '', width: 16, render: (r) => (r.ownRequest && r.state !== 1 && !r.read ? <UnreadDot unread /> : null) },
  { key: 'submitTime', title: '提交时间', field: 'submitTime', width: 170, nowrap: true },
  { key: 'evalCode', title: '估价编号', field: 'evalCode' },
  { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
  { key: 'location', title: '小区/位置', render: (r) => r.haName ?? r.location ?? '--' },
  { key: 'totalPrice', title: '系统估价', align: 'right', nowrap: true, render: (r) => formatEvalPrice(r.totalPrice, r.evalType) },
  { key: 'price', title: '异议价格', align: 'right', nowrap: true, render: (r) => formatEvalPrice(r.price, r.evalType) },
  { key: 'reason', title: '原因', nowrap: true, render: (r) => (r.reason ? OBJECTION_REASON_LABELS[r.reason as 1 | 2 | 3] : '--') },
  {
    key: 'state',
    title: '状态',
    nowrap: true,
    render: (r) => (
      <Badge
        variant="light"
        color={r.state === 1 ? 'blue' : 'green'}
        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
      >
        {objectionStateLabel(r.state)}
      </Badge>
    ),
  },
  { key: 'reply', title: '估价师答复', render: (r) => <Box maw={260}>{r.reviewReply ?? '--'}</Box> },
];

function ObjectionDetail({ id }: { id: number }) {
  const detail = useObjectionDetail(id);
  const read = useReadObjection();
  const objection = detail.data?.objection;

  /* The requester opening a completed objection marks its reply read; a supervisor's visit does not. */
  useEffect(() => {
    if (objection && objection.ownRequest && objection.state !== 1 && !objection.read && !read.isPending && !read.isSuccess)
      read.mutate(objection.id);
  }, [objection, read]);

  if (detail.isError) return <LoadError message="价格异议加载失败" onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  if (!d) return null;
  return (
    <Stack gap="md">
      <CaseAnswerSection c={d.objection} pendingText="正在处理，估价师将在24小时内答复" />
      <CaseRequestSection c={d.objection} title="异议信息" />
      {d.record && (
        <PageSection title="估价记录">
          <InfoGrid
            cols={2}
            items={[
              { label: '估价编号', value: d.record.evalCode },
              { label: '估价结果', value: formatEvalPrice(d.record.totalPrice, d.record.evalType) },
            ]}
          />
        </PageSection>
      )}
      <CaseHistorySection c={d.objection} />
    </Stack>
  );
}

/** Route objectionList: the user's price objections, 正在处理 or 处理完成 with the appraiser's reply; the user's own unread replies are marked. */
export function ObjectionListPage() {
  const view = useListView('user', { fields: OBJECTION_FIELDS, pageSizes: CASE_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => caseQuery(state.query), [state.query]);
  const list = useObjectionList({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const [openId, setOpenId] = useState<number | null>(null);
  const actions = useMemo<RowAction<ObjectionListRow>[]>(() => [{ key: 'detail', label: '详情', onClick: (r) => setOpenId(r.id) }], []);

  return (
    <>
      <ListPage
        title="价格异议记录"
        {...view}
        result={list}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        errorMessage="价格异议记录加载失败"
        minWidth={960}
      />
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} title="价格异议详情" position="right" size="min(960px, 100vw)">
        {openId !== null && <ObjectionDetail id={openId} />}
      </Drawer>
    </>
  );
}
