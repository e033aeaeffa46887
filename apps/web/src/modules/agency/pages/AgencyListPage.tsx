import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AgencyListItem } from '@valuation/contracts';
import { AgencyMsg } from '@valuation/domain';
import { PageSection, type TableColumn } from '@valuation/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FilteredListTable } from '../../../app/filters/FilteredListTable';
import { useListFilters } from '../../../app/filters/use-list-filters';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { downloadAgencyFiles, exportAgencyList, useAgencyList, useMarkAgencyRead } from '../api/agency-api';
import { AgencyFilters } from '../components/AgencyFilters';
import { AgencyStateBadge } from '../components/AgencyDetailSections';
import { AgencyReceiveForm } from '../components/AgencyReceiveForm';
import { AgencyReplyForm } from '../components/AgencyReplyForm';
import { UnreadDot } from '../components/UnreadDot';
import {
  AGENCY_PAGE_SIZES,
  agencyFilterQuery,
  initialAgencyFilters,
  type AgencyFilterForm,
  type AgencyFilterQuery,
} from '../model/agency-filters';
import { agencyAreaText, agencyReportTypeLabel, agencyTotalPrice, shortText } from '../model/agency-format';
import { AGENCY_SIDES, isAgencyUnread, type AgencySide } from '../model/agency-side';

type RowAction = { kind: 'receive' | 'reply'; row: AgencyListItem } | null;

/** A cell kept on one line; the full text shows on hover. */
function Line({ text, full }: { text: string | null | undefined; full?: string | null }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={full ?? undefined}>
      {text || '--'}
    </Text>
  );
}

/** The application list of one side: filters, the paged table with unread dots, export and row actions. */
export function AgencyListPage({ side }: { side: AgencySide }) {
  const cfg = AGENCY_SIDES[side];
  const filters = useListFilters<AgencyFilterForm, AgencyFilterQuery>({
    initial: initialAgencyFilters,
    toQuery: agencyFilterQuery,
    pageSizes: AGENCY_PAGE_SIZES,
  });
  const list = useAgencyList(side, filters.listQuery);
  const markRead = useMarkAgencyRead(side);
  const link = useRouteLink(cfg.area);
  const navigate = useNavigate();
  const { granted } = useGrantedPermissions(cfg.population);
  const [exporting, setExporting] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [action, setAction] = useState<RowAction>(null);
  const mayOperate = granted.has(cfg.permission);

  const open = (row: AgencyListItem) => {
    const href = link(cfg.detailRoute, { detailID: row.detailID });
    if (href) navigate(href);
  };

  const download = async (row: AgencyListItem) => {
    setDownloading(row.detailID);
    try {
      if (isAgencyUnread(side, row)) markRead.mutate(row.detailID);
      await downloadAgencyFiles(side, row.detailID, row.reportUrl);
    } finally {
      setDownloading(null);
    }
  };

  const startExport = async () => {
    if (!list.data || list.data.total === 0) return notifications.show({ color: 'yellow', message: AgencyMsg.noData });
    setExporting(true);
    try {
      await exportAgencyList(side, filters.filterQuery);
    } catch {
      /* the download shows its own message */
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<AgencyListItem>[] = [
    { key: 'customerName', title: '客户姓名', width: 90, render: (r) => <Line text={r.customerName} /> },
    { key: 'customerPhone', title: '联系电话', width: 120, render: (r) => <Line text={r.customerPhone} /> },
    ...(side === 'tenant'
      ? [
          { key: 'applicantName', title: '申请人', width: 90, render: (r: AgencyListItem) => <Line text={r.applicantName} /> },
          {
            key: 'companyName',
            title: '客户公司',
            render: (r: AgencyListItem) => <Line text={shortText(r.companyName)} full={r.companyName} />,
          },
        ]
      : []),
    {
      key: 'submitTime',
      title: '提交时间',
      width: 100,
      render: (r) => {
        const [date, time] = r.submitTime.split(' ');
        return (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} lh={1.3}>
            {date}
            {time && (
              <Text span display="block" size="xs" c="dimmed">
                {time}
              </Text>
            )}
          </Text>
        );
      },
    },
    { key: 'cityName', title: '城市', width: 80, render: (r) => <Line text={r.cityName} /> },
    { key: 'haName', title: '小区名称', render: (r) => <Line text={shortText(r.haName)} full={r.haName} /> },
    {
      key: 'location',
      title: '房产位置',
      render: (r) => <Line text={shortText(r.cardAddress || r.location)} full={r.cardAddress || r.location} />,
    },
    { key: 'bldgtypeName', title: '建筑类型', width: 90, render: (r) => <Line text={r.bldgtypeName} /> },
    { key: 'bldgArea', title: '面积', width: 100, align: 'right', render: (r) => <Line text={agencyAreaText(r.bldgArea)} /> },
    { key: 'reportType', title: '报告类型', width: 100, render: (r) => <Line text={agencyReportTypeLabel(r.reportType)} /> },
    { key: 'reportStatus', title: '状态', width: 90, render: (r) => <AgencyStateBadge state={r.reportStatus} /> },
    {
      key: 'report',
      title: '报告',
      width: 140,
      render: (r) =>
        r.reportStatus === 3 ? (
          <Line text={agencyTotalPrice(r.reportResult ?? r.totalPrice, r.evalType)} />
        ) : (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            未生成
          </Text>
        ),
    },
    ...(mayOperate
      ? [
          {
            key: 'actions',
            title: '操作',
            width: side === 'tenant' ? 170 : 120,
            render: (r: AgencyListItem) => (
              <Group gap="sm" wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
                {side === 'tenant' && r.reportStatus === 1 && (
                  <Anchor component="button" type="button" size="sm" onClick={() => setAction({ kind: 'receive', row: r })}>
                    接收
                  </Anchor>
                )}
                {side === 'tenant' && r.reportStatus === 2 && (
                  <Anchor component="button" type="button" size="sm" onClick={() => setAction({ kind: 'reply', row: r })}>
                    回复
                  </Anchor>
                )}
                <Group gap={4} wrap="nowrap">
                  <Anchor component="button" type="button" size="sm" onClick={() => open(r)}>
                    详情
                  </Anchor>
                  {isAgencyUnread(side, r) && <UnreadDot />}
                </Group>
                {r.reportStatus === 3 && r.reportUrl.length > 0 && (
                  <Anchor component="button" type="button" size="sm" disabled={downloading === r.detailID} onClick={() => void download(r)}>
                    {downloading === r.detailID ? '下载中…' : '下载'}
                  </Anchor>
                )}
              </Group>
            ),
          },
        ]
      : []),
  ];

  const closeAction = () => setAction(null);
  return (
    <Stack gap="lg">
      <PageSection title={cfg.title}>
        <AgencyFilters
          value={filters.draft}
          onChange={filters.update}
          onRange={(range) => filters.setDraft((d) => ({ ...d, beginTime: range.beginDate, endTime: range.endDate }))}
          onSearch={filters.search}
          onReset={filters.reset}
          actions={
            mayOperate && (
              <Button variant="light" loading={exporting} onClick={() => void startExport()}>
                导出
              </Button>
            )
          }
        />
      </PageSection>
      <PageSection>
        <FilteredListTable
          list={list}
          filters={filters}
          columns={columns}
          rowKey={(r) => r.detailID}
          pageSizes={AGENCY_PAGE_SIZES}
          errorMessage={`${cfg.title}记录加载失败`}
          minWidth={side === 'tenant' ? 1480 : 1280}
        />
      </PageSection>
      <Modal
        opened={action !== null}
        onClose={closeAction}
        title={action?.kind === 'reply' ? '回复评估结果' : '接收估价申请'}
        centered
        size="lg"
      >
        {action && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {[action.row.customerName, action.row.cityName, action.row.haName || action.row.cardAddress].filter(Boolean).join(' · ')}
            </Text>
            {action.kind === 'receive' ? (
              <AgencyReceiveForm detailID={action.row.detailID} version={action.row.version} onDone={closeAction} onCancel={closeAction} />
            ) : (
              <AgencyReplyForm
                detailID={action.row.detailID}
                version={action.row.version}
                evalType={action.row.evalType}
                onDone={closeAction}
                onCancel={closeAction}
              />
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** Route agencyValuation: the organisation's institution valuation applications. */
export function AgencyValuationPage() {
  return <AgencyListPage side="org" />;
}

/** Route assessmentlist: the valuation applications of the channel's customers. */
export function AssessmentListPage() {
  return <AgencyListPage side="tenant" />;
}
