import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ARTIFICIAL_STATE_LABELS, EVAL_TYPE_LABELS, formatEvalPrice, ListMsg, Perm, type ArtificialListRow } from '@valuation/domain';
import { DateRangeFilter, FilterBar, PageSection, UnreadDot, type TableColumn } from '@valuation/ui';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CityFilter, type CityFilterValue } from '../../../app/filters/CityFilter';
import { FilteredListTable } from '../../../app/filters/FilteredListTable';
import { useListFilters } from '../../../app/filters/use-list-filters';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { CaseReportCell } from '../../reports/components/ReportActions';
import { exportArtificialList, useArtificialList, useMarkArtificialRead } from '../api/manual-enquiry-api';

interface Filters {
  city: CityFilterValue | null;
  location: string;
  beginDate?: string;
  endDate?: string;
  status: string;
}

const PAGE_SIZES = [10, 50, 100, 200] as const;
const initial = (): Filters => ({ city: null, location: '', status: '0' });
const toQuery = (f: Filters) => ({
  ...(f.city ? { city: f.city.regionCode } : {}),
  ...(f.location.trim() ? { location: f.location.trim() } : {}),
  ...(f.beginDate ? { beginDate: f.beginDate } : {}),
  ...(f.endDate ? { endDate: f.endDate } : {}),
  ...(f.status !== '0' ? { status: Number(f.status) } : {}),
});

const STATE_COLORS: Readonly<Record<1 | 2 | 3, string>> = { 1: 'orange', 2: 'green', 3: 'red' };

/** Route manualEnquiry: the manual enquiries the user may see, with the user's own answered unread ones marked. */
export function ManualEnquiryListPage() {
  const filters = useListFilters<Filters, ReturnType<typeof toQuery>>({ initial, toQuery, pageSizes: PAGE_SIZES });
  const list = useArtificialList(filters.listQuery);
  const markRead = useMarkArtificialRead();
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const { granted } = useGrantedPermissions('user');
  const [exporting, setExporting] = useState(false);

  const open = useCallback(
    async (row: ArtificialListRow) => {
      if (row.ownRequest && !row.read) await markRead.mutateAsync(row.id).catch(() => undefined);
      const href = link('manualInquiryReport', { id: row.id, evalType: row.evalType });
      if (href) navigate(href);
    },
    [link, markRead, navigate],
  );

  const startExport = async () => {
    if (!list.data || list.data.total === 0) return notifications.show({ color: 'yellow', message: ListMsg.noData });
    setExporting(true);
    try {
      await exportArtificialList(filters.filterQuery);
    } catch {
      /* the download shows its own message */
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<ArtificialListRow>[] = [
    {
      key: 'submitTime',
      title: '提交时间',
      width: 170,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <UnreadDot unread={r.ownRequest && !r.read} />
          <Text size="sm">{r.submitTime}</Text>
        </Group>
      ),
    },
    { key: 'cityName', title: '城市', field: 'cityName', width: 90 },
    { key: 'cardAddress', title: '证载地址', render: (r) => r.cardAddress || '--' },
    { key: 'location', title: '小区/位置', render: (r) => r.location || '--' },
    { key: 'principalCode', title: '客户编号', render: (r) => r.principalCode || '--', width: 110 },
    { key: 'evalType', title: '估价类型', render: (r) => EVAL_TYPE_LABELS[r.evalType], width: 80 },
    {
      key: 'price',
      title: '人工估价',
      align: 'right',
      width: 130,
      render: (r) => (r.reviewTotalPrice === null ? '--' : formatEvalPrice(r.reviewTotalPrice, r.evalType)),
    },
    {
      key: 'state',
      title: '状态',
      width: 100,
      render: (r) => (
        <Badge variant="light" color={STATE_COLORS[r.state]}>
          {ARTIFICIAL_STATE_LABELS[r.state]}
        </Badge>
      ),
    },
    { key: 'report', title: '报告', width: 90, render: (r) => <CaseReportCell kind="artificial" row={r} /> },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      render: (r) =>
        r.state === 1 ? (
          <Text size="sm" c="dimmed">
            --
          </Text>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => void open(r)}>
            详情
          </Anchor>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageSection title="人工询价">
        <FilterBar
          onSearch={filters.search}
          onReset={filters.reset}
          actions={
            granted.has(Perm.manualEnquiryList) && (
              <Button variant="light" loading={exporting} onClick={() => void startExport()}>
                导出
              </Button>
            )
          }
        >
          <CityFilter value={filters.draft.city} onChange={(v) => filters.update('city', v)} />
          <DateRangeFilter
            label="提交日期"
            value={{ beginDate: filters.draft.beginDate, endDate: filters.draft.endDate }}
            onChange={(v) => filters.setDraft((d) => ({ ...d, ...v }))}
          />
          <TextInput
            label="地址"
            placeholder="小区名称或地址"
            w={200}
            value={filters.draft.location}
            onChange={(e) => filters.update('location', e.currentTarget.value)}
          />
          <Select
            label="状态"
            w={120}
            allowDeselect={false}
            value={filters.draft.status}
            onChange={(v) => filters.update('status', v ?? '0')}
            data={[
              { value: '0', label: '全部' },
              { value: '1', label: '未处理' },
              { value: '2', label: '已处理' },
            ]}
          />
        </FilterBar>
      </PageSection>
      <PageSection>
        <FilteredListTable
          list={list}
          filters={filters}
          columns={columns}
          rowKey={(r) => r.id}
          pageSizes={PAGE_SIZES}
          errorMessage="人工询价记录加载失败"
        />
      </PageSection>
    </Stack>
  );
}
