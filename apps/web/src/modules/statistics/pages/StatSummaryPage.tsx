import type { StatSummaryRow } from '@valuation/contracts';
import {
  Perm,
  STAT_SUB_METHOD_LABELS,
  STAT_SUMMARY_COLUMNS,
  STAT_SUMMARY_PAGE_SIZES,
  StatMsg,
  type StatSubMethod,
} from '@valuation/domain';
import { allOrgIds, ListPage, ShortText, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { pagedResult } from '../../balance/model/list-result';
import { exportStatSummary, useStatOrganisations, useStatSummary } from '../api/statistics-api';
import { countColumn, haColumn } from '../components/stat-columns';
import { StatTotals } from '../components/StatTotals';
import { detailLink, orgStatRequest, SUMMARY_FIELDS } from '../model/stat-filters';

const TOTAL_KEY: Record<StatSubMethod, 'rapidTotal' | 'batchTotal' | 'manualTotal' | 'repeatTotal' | 'inquiryTotal' | 'advisoryTotal'> = {
  11: 'rapidTotal',
  12: 'batchTotal',
  13: 'manualTotal',
  14: 'repeatTotal',
  21: 'inquiryTotal',
  22: 'advisoryTotal',
};

/**
 * Route stat/summary (`/org/stat/summary`, permission 7): per organisation and account of the
 * organisations picked (every one of the range by default), what was valued in the date range (the
 * last 3 months by default) by valuation method or by report type, the totals, and the export. A
 * count opens the detail rows it counts.
 */
export function StatSummaryPage() {
  const tree = useStatOrganisations('summary');
  const treeIds = useMemo(() => allOrgIds(tree.data ?? []), [tree.data]);
  const view = useListView('user', { fields: SUMMARY_FIELDS, pageSizes: STAT_SUMMARY_PAGE_SIZES, defaultPageSize: 20 });
  const { state } = view;
  const request = useMemo(() => orgStatRequest(state.query, treeIds, false), [state.query, treeIds]);
  const summary = useStatSummary({ ...request, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const link = useRouteLink('org');
  const method = request.statMethod === 2 ? 2 : 1;
  const noOrgs = !tree.isPending && request.organizationIds === '';
  const data = summary.data;

  const columns = useMemo<TableColumn<StatSummaryRow>[]>(() => {
    const href = (r: StatSummaryRow, sub: StatSubMethod) =>
      link('subsidiary', detailLink(request, { organizationIds: r.organizationId, account: r.account }, sub));
    return [
      { key: 'organizationName', title: '机构', render: (r) => <ShortText text={r.organizationName} max={10} /> },
      { key: 'account', title: '账号', field: 'account', nowrap: true },
      { key: 'userName', title: '姓名', render: (r) => <ShortText text={r.userName} max={6} /> },
      haColumn<StatSummaryRow>(),
      ...STAT_SUMMARY_COLUMNS[method].map((sub) => countColumn<StatSummaryRow>(sub, href)),
    ];
  }, [link, request, method]);

  return (
    <ListPage
      title="估价汇总"
      intro={
        <StatTotals
          loading={summary.isFetching && !data}
          items={[
            { label: '机构数', value: noOrgs ? undefined : data?.organizationTotal, unit: '个' },
            { label: '账号数', value: noOrgs ? undefined : data?.userTotal, unit: '个' },
            { label: '小区数', value: noOrgs ? undefined : data?.haTotal, unit: '个' },
            ...STAT_SUMMARY_COLUMNS[method].map((sub) => ({
              label: STAT_SUB_METHOD_LABELS[sub],
              value: noOrgs ? undefined : data?.[TOTAL_KEY[sub]],
              unit: sub > 20 ? '份' : '次',
            })),
          ]}
        />
      }
      {...view}
      orgTree={tree.data}
      result={{
        ...pagedResult({ ...summary, data: data ? { list: data.pageInfo } : undefined }),
        isLoading: tree.isPending || summary.isLoading,
      }}
      columns={columns}
      rowKey={(r) => `${r.organizationId}-${r.accountId}`}
      exportAction={{ permission: Perm.statSummary, run: () => exportStatSummary(request) }}
      errorMessage="估价汇总加载失败"
      emptyText={noOrgs ? StatMsg.organizationRequired : '暂无数据'}
      minWidth={820}
    />
  );
}
