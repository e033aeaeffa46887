import { Loader, Text } from '@mantine/core';
import type { AgencyListItem } from '@valuation/contracts';
import { formatAreaText } from '@valuation/domain';
import { DateTimeCell, ListPage, shortText, TwoLineCell, UnreadDot, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useChannelCity } from '../../../app/regions/channel-city';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { stripCitySuffix } from '../../../app/session/valuation-session';
import { downloadAgencyFiles, exportAgencyList, useAgencyList, useMarkAgencyRead } from '../api/agency-api';
import { AgencyActionDialog, type AgencyActionTarget } from '../components/AgencyActionForms';
import { AgencyStateBadge } from '../components/AgencyDetailSections';
import { AGENCY_PAGE_SIZES, agencyFields, agencyQuery } from '../model/agency-filters';
import { agencyReportTypeLabel, agencyTotalPrice } from '../model/agency-format';
import { AGENCY_SIDES, isAgencyUnread, type AgencySide } from '../model/agency-side';

/** The dialog of a row action, with the row's summary line. */
function actionTarget(kind: AgencyActionTarget['kind'], r: AgencyListItem): AgencyActionTarget {
  const summary = [r.customerName, r.cityName, r.haName || r.cardAddress].filter(Boolean).join(' · ');
  return { kind, detailID: r.detailID, version: r.version, evalType: r.evalType, summary };
}

/** The columns of one side: the channel also sees who applied for which customer company. */
function agencyColumns(side: AgencySide): TableColumn<AgencyListItem>[] {
  return [
    { key: 'customer', title: '客户', render: (r) => <TwoLineCell main={r.customerName} sub={r.customerPhone} /> },
    ...(side === 'tenant'
      ? [
          {
            key: 'applicant',
            title: '申请人/客户公司',
            render: (r: AgencyListItem) => <TwoLineCell main={r.applicantName} sub={shortText(r.companyName)} />,
          },
        ]
      : []),
    { key: 'submitTime', title: '提交时间', render: (r) => <DateTimeCell value={r.submitTime} /> },
    { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
    {
      key: 'place',
      title: '小区/房产位置',
      render: (r) => <TwoLineCell main={shortText(r.haName)} sub={shortText(r.cardAddress || r.location)} />,
    },
    {
      key: 'bldgArea',
      title: '面积/建筑类型',
      nowrap: true,
      render: (r) => <TwoLineCell main={formatAreaText(r.bldgArea)} sub={r.bldgtypeName} />,
    },
    { key: 'reportType', title: '报告类型', nowrap: true, render: (r) => agencyReportTypeLabel(r.reportType) },
    { key: 'reportStatus', title: '状态', width: 92, nowrap: true, render: (r) => <AgencyStateBadge state={r.reportStatus} /> },
    {
      key: 'report',
      title: '报告',
      nowrap: true,
      render: (r) =>
        r.reportStatus === 3 ? (
          agencyTotalPrice(r.reportResult ?? r.totalPrice, r.evalType)
        ) : (
          <Text size="sm" c="dimmed">
            未生成
          </Text>
        ),
    },
  ];
}

/**
 * The application list of one side: filters, the paged table with unread dots, export and row
 * actions. A default city is the city filter when the URL names none.
 */
export function AgencyListPage({ side, defaultCity }: { side: AgencySide; defaultCity?: string }) {
  const cfg = AGENCY_SIDES[side];
  const fields = useMemo(() => agencyFields(defaultCity), [defaultCity]);
  const view = useListView(cfg.population, { fields, pageSizes: AGENCY_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => agencyQuery(state.applied), [state.applied]);
  const list = useAgencyList(side, { ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const markRead = useMarkAgencyRead(side);
  const link = useRouteLink(cfg.area);
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState<number | null>(null);
  const [target, setTarget] = useState<AgencyActionTarget | null>(null);
  const columns = useMemo(() => agencyColumns(side), [side]);

  const actions = useMemo<RowAction<AgencyListItem>[]>(() => {
    const download = async (row: AgencyListItem) => {
      setDownloading(row.detailID);
      try {
        if (isAgencyUnread(side, row)) markRead.mutate(row.detailID);
        await downloadAgencyFiles(side, row.detailID, row.reportUrl);
      } finally {
        setDownloading(null);
      }
    };
    return [
      {
        key: 'receive',
        label: '接收',
        permission: cfg.permission,
        visible: (r) => side === 'tenant' && r.reportStatus === 1,
        onClick: (r) => setTarget(actionTarget('receive', r)),
      },
      {
        key: 'reply',
        label: '回复',
        permission: cfg.permission,
        visible: (r) => side === 'tenant' && r.reportStatus === 2,
        onClick: (r) => setTarget(actionTarget('reply', r)),
      },
      {
        key: 'detail',
        label: '详情',
        permission: cfg.permission,
        visible: () => link(cfg.detailRoute) !== undefined,
        onClick: (r) => {
          const href = link(cfg.detailRoute, { detailID: r.detailID });
          if (href) navigate(href);
        },
        after: (r) => (isAgencyUnread(side, r) ? <UnreadDot unread /> : null),
      },
      {
        key: 'download',
        label: '下载',
        permission: cfg.permission,
        visible: (r) => r.reportStatus === 3 && r.reportUrl.length > 0,
        busy: (r) => downloading === r.detailID,
        onClick: (r) => void download(r),
      },
    ];
  }, [side, cfg, link, navigate, markRead, downloading]);

  const close = () => setTarget(null);
  return (
    <>
      <ListPage
        title={cfg.title}
        {...view}
        result={list}
        columns={columns}
        rowKey={(r) => r.detailID}
        rowActions={actions}
        exportAction={{ permission: cfg.permission, run: (_q, applied) => exportAgencyList(side, agencyQuery(applied)) }}
        errorMessage={`${cfg.title}记录加载失败`}
        minWidth={side === 'tenant' ? 960 : 900}
      />
      <AgencyActionDialog target={target} onClose={close} />
    </>
  );
}

/** Route agencyValuation: the organisation's institution valuation applications. */
export function AgencyValuationPage() {
  return <AgencyListPage side="org" />;
}

/** Route assessmentlist: the valuation applications of the channel's customers, starting with the header's city. */
export function AssessmentListPage() {
  const { city, ready } = useChannelCity();
  if (!ready) return <Loader size="sm" m="md" aria-label="加载中" />;
  const name = city ? stripCitySuffix(city.regionName) : undefined;
  return <AgencyListPage key={name ?? ''} side="tenant" defaultCity={name} />;
}
