import { Anchor, Badge, Box, Drawer, Stack, Text } from '@mantine/core';
import { formatEvalPrice, OBJECTION_REASON_LABELS, objectionStateLabel, type ObjectionListRow } from '@valuation/domain';
import { InfoGrid, LoadError, PageSection, UnreadDot, type TableColumn } from '@valuation/ui';
import { useEffect, useState } from 'react';
import { FilteredListTable } from '../../../app/filters/FilteredListTable';
import { useListFilters } from '../../../app/filters/use-list-filters';
import { useObjectionDetail, useObjectionList, useReadObjection } from '../api/review-api';
import { CASE_PAGE_SIZES, CaseFilters, caseFilterQuery, initialCaseFilters } from '../components/CaseFilters';
import { CaseAnswerSection, CaseHistorySection, CaseRequestSection } from '../components/CaseSections';

const STATES = [
  { value: '1', label: '正在处理' },
  { value: '2', label: '处理完成' },
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
  const filters = useListFilters({ initial: initialCaseFilters, toQuery: caseFilterQuery, pageSizes: CASE_PAGE_SIZES });
  const list = useObjectionList(filters.listQuery);
  const [openId, setOpenId] = useState<number | null>(null);

  const columns: TableColumn<ObjectionListRow>[] = [
    {
      key: 'dot',
      title: '',
      width: 16,
      render: (r) => (r.ownRequest && r.state !== 1 && !r.read ? <UnreadDot unread /> : null),
    },
    { key: 'submitTime', title: '提交时间', field: 'submitTime', width: 170 },
    { key: 'evalCode', title: '估价编号', field: 'evalCode' },
    { key: 'cityName', title: '城市', field: 'cityName' },
    { key: 'location', title: '小区/位置', render: (r) => r.haName ?? r.location ?? '--' },
    {
      key: 'totalPrice',
      title: '系统估价',
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEvalPrice(r.totalPrice, r.evalType)}
        </Text>
      ),
      align: 'right',
    },
    {
      key: 'price',
      title: '异议价格',
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEvalPrice(r.price, r.evalType)}
        </Text>
      ),
      align: 'right',
    },
    {
      key: 'reason',
      title: '原因',
      render: (r) => (
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.reason ? OBJECTION_REASON_LABELS[r.reason as 1 | 2 | 3] : '--'}
        </Text>
      ),
    },
    {
      key: 'state',
      title: '状态',
      width: 100,
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
    {
      key: 'action',
      title: '操作',
      render: (r) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpenId(r.id)}>
          详情
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageSection title="价格异议记录">
        <CaseFilters value={filters.draft} onChange={filters.update} onSearch={filters.search} onReset={filters.reset} states={STATES} />
      </PageSection>
      <PageSection>
        <FilteredListTable
          list={list}
          filters={filters}
          columns={columns}
          rowKey={(r) => r.id}
          pageSizes={CASE_PAGE_SIZES}
          errorMessage="价格异议记录加载失败"
          minWidth={1120}
        />
      </PageSection>
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} title="价格异议详情" position="right" size="min(960px, 100vw)">
        {openId !== null && <ObjectionDetail id={openId} />}
      </Drawer>
    </Stack>
  );
}
