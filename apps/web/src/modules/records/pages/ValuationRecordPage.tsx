import { Anchor, Text } from '@mantine/core';
import type { EvalListRow } from '@valuation/contracts';
import { notifications } from '@mantine/notifications';
import { AssetMsg, formatArea, formatEvalPrice, formatPriceRange, Perm } from '@valuation/domain';
import { AddressCell, ListPage, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useAddAsset } from '../../assets/api/assets-api';
import { REPORT_ROUTE } from '../../reports/model/report-routes';
import { exportEvalRecords, useEvalRecords } from '../api/records-api';
import { EvalCodeCell } from '../components/EvalCodeCell';
import { RecordHistory } from '../components/RecordHistory';
import { RECORD_FIELDS, RECORD_PAGE_SIZES, recordQuery } from '../model/record-list';

/** Permissions that show the report columns (the column is absent without them). */
const VIEW_INQUIRY_REPORT = 25;
const VIEW_ADVISORY_REPORT = 24;
/** Route valuationRecord (`/org/valuationRecord`, query type): the valuations the user may see. */
export function ValuationRecordPage() {
  const view = useListView('user', { fields: RECORD_FIELDS, pageSizes: RECORD_PAGE_SIZES });
  const { state } = view;
  const query = useMemo(() => recordQuery(state.query), [state.query]);
  const records = useEvalRecords({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const addAsset = useAddAsset();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());

  const columns = useMemo<TableColumn<EvalListRow>[]>(() => {
    const toggle = (id: number) =>
      setOpen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    const report = (generated: boolean, route: string, r: EvalListRow) => {
      if (!generated)
        return (
          <Text size="sm" c="dimmed">
            未生成
          </Text>
        );
      const href = link(route, { evalType: r.evalType }, { evalCode: r.evalCode });
      return href ? (
        <Anchor component={Link} to={href} size="sm">
          查看
        </Anchor>
      ) : (
        '已生成'
      );
    };
    return [
      {
        key: 'evalCode',
        title: '估价编号/估价时间',
        render: (r) => (
          <EvalCodeCell
            evalCode={r.evalCode}
            evalDate={r.evalDate}
            historyCount={r.historyCount}
            answerCount={r.answerCount}
            open={open.has(r.id)}
            onToggle={() => toggle(r.id)}
          />
        ),
      },
      { key: 'cityName', title: '城市', field: 'cityName', nowrap: true },
      {
        key: 'place',
        title: '证载地址/小区',
        render: (r) => <AddressCell address={r.cardAddress} place={r.location} />,
      },
      { key: 'principalCode', title: '客户编号', field: 'principalCode' },
      { key: 'bldgArea', title: '面积(㎡)', align: 'right', render: (r) => formatArea(r.bldgArea) },
      { key: 'evalType', title: '估价类型', nowrap: true, render: (r) => (r.evalType === 2 ? '租金' : '售价') },
      { key: 'totalPrice', title: '估价结果', align: 'right', nowrap: true, render: (r) => formatEvalPrice(r.totalPrice, r.evalType) },
      {
        key: 'range',
        title: '估值区间',
        align: 'right',
        nowrap: true,
        render: (r) => formatPriceRange(r.range, r.evalType).likely,
      },
      {
        key: 'inquiry',
        title: '询价报告',
        permission: VIEW_INQUIRY_REPORT,
        nowrap: true,
        render: (r) => report(r.inquiry, REPORT_ROUTE[1], r),
      },
      {
        key: 'advisory',
        title: '咨询报告',
        permission: VIEW_ADVISORY_REPORT,
        nowrap: true,
        render: (r) => report(r.advisory, REPORT_ROUTE[2], r),
      },
    ];
  }, [link, open]);

  const actions = useMemo<RowAction<EvalListRow>[]>(
    () => [
      { key: 'detail', label: '详情', permission: Perm.evalDetail, href: (r) => link('valreport', { evalCode: r.evalCode }) },
      {
        key: 'asset',
        label: '加入资产',
        permission: Perm.assetAdd,
        visible: (r) => !r.asset,
        busy: (r) => addAsset.isPending && addAsset.variables === r.id,
        onClick: (r) => addAsset.mutate(r.id, { onSuccess: () => notifications.show({ color: 'green', message: AssetMsg.added }) }),
      },
    ],
    [link, addAsset],
  );

  return (
    <ListPage
      title="估价记录"
      {...view}
      result={records}
      columns={columns}
      rowKey={(r) => r.id}
      rowActions={actions}
      exportAction={{ permission: Perm.recordExport, run: (q) => exportEvalRecords(recordQuery(q)) }}
      errorMessage="估价记录加载失败"
      minWidth={960}
      renderExpanded={(r) => (open.has(r.id) ? <RecordHistory evalRecordId={r.id} evalCode={r.evalCode} /> : null)}
    />
  );
}
