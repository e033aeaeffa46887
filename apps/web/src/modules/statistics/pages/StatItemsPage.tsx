import type { StatItemRow } from '@valuation/contracts';
import { Perm, STAT_ITEMS_PAGE_SIZES, StatMsg } from '@valuation/domain';
import { allOrgIds, ListPage, ShortText, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { pagedResult } from '../../balance/model/list-result';
import { exportStatItems, useStatItems, useStatOrganisations } from '../api/statistics-api';
import { itemColumns } from '../components/stat-columns';
import { StatTotals } from '../components/StatTotals';
import { ITEMS_FIELDS, orgStatRequest } from '../model/stat-filters';

const COLUMNS: TableColumn<StatItemRow>[] = [
  { key: 'organizationName', title: '机构', render: (r) => <ShortText text={r.organizationName} max={8} /> },
  { key: 'account', title: '账号', field: 'account', nowrap: true },
  ...itemColumns<StatItemRow>(),
];

/**
 * Route stat/subsidiary (`/org/stat/subsidiary`, permission 8): every valuation, case and report
 * the summary counts, newest first, by organisation, account, source, dates, method and sub-method
 * (statSubMethod, account and organizationIds arrive from the summary's counts and the personal
 * centre), with their totals and the export.
 */
export function StatItemsPage() {
  const tree = useStatOrganisations('items');
  const treeIds = useMemo(() => allOrgIds(tree.data ?? []), [tree.data]);
  const view = useListView('user', { fields: ITEMS_FIELDS, pageSizes: STAT_ITEMS_PAGE_SIZES, defaultPageSize: 10 });
  const { state } = view;
  const request = useMemo(() => orgStatRequest(state.query, treeIds, true), [state.query, treeIds]);
  const items = useStatItems({ ...request, pageIndex: state.pageIndex, pageSize: state.pageSize });
  const noOrgs = !tree.isPending && request.organizationIds === '';
  const data = noOrgs ? undefined : items.data;
  const byReport = request.statMethod === 2;

  return (
    <ListPage
      title="估价明细"
      intro={
        <StatTotals
          loading={items.isFetching && !data}
          items={[
            { label: '机构数', value: data?.organizationTotal, unit: '个' },
            { label: '账号数', value: data?.userTotal, unit: '个' },
            { label: '小区数', value: data?.haTotal, unit: '个' },
            ...(byReport
              ? [
                  { label: '询价报告', value: data?.inquiryTotal, unit: '份' },
                  { label: '咨询报告', value: data?.advisoryTotal, unit: '份' },
                ]
              : [
                  { label: '快速估价', value: data?.rapidTotal, unit: '次' },
                  { label: '人工询价', value: data?.manualTotal, unit: '次' },
                  { label: '人工复评', value: data?.repeatTotal, unit: '次' },
                  { label: '批量估价', value: data?.batchTotal, unit: '次' },
                ]),
          ]}
        />
      }
      {...view}
      orgTree={tree.data}
      result={{
        ...pagedResult({ ...items, data: data ? { list: data.pageInfo } : undefined }),
        isLoading: tree.isPending || items.isLoading,
      }}
      columns={COLUMNS}
      rowKey={(r) => `${r.statSubMethod}-${r.code}`}
      exportAction={{ permission: Perm.statItems, run: () => exportStatItems(request) }}
      errorMessage="估价明细加载失败"
      emptyText={noOrgs ? StatMsg.organizationRequired : '暂无数据'}
      minWidth={1280}
    />
  );
}
