import type { ChannelStatItemRow } from '@valuation/contracts';
import { Perm, STAT_ITEMS_PAGE_SIZES } from '@valuation/domain';
import { ListPage, ShortText, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { pagedResult } from '../../balance/model/list-result';
import { useCustomerCategoryOptions } from '../../customer-category/api/customer-category-api';
import { useCustomerCompanyOptions } from '../../customer-company/api/customer-company-api';
import { exportChannelStatItems, useChannelStatItems } from '../api/statistics-api';
import { itemColumns } from '../components/stat-columns';
import { StatTotals } from '../components/StatTotals';
import { channelItemsFields, channelStatRequest } from '../model/stat-filters';

const COLUMNS: TableColumn<ChannelStatItemRow>[] = [
  { key: 'companyName', title: '客户公司', render: (r) => <ShortText text={r.companyName} max={8} /> },
  { key: 'loginUser', title: '账号', field: 'loginUser', nowrap: true },
  ...itemColumns<ChannelStatItemRow>(),
];

/**
 * Route stat/channelSubsidiary (`/channel/stat/channelSubsidiary`, permission 72; also `subsidiary`
 * from the profile): every valuation, case and report of the channel's customers, newest first, by
 * method and sub-method, company, category, account, dates and system, with the totals and the export.
 */
export function ChannelStatItemsPage() {
  const companies = useCustomerCompanyOptions();
  const categories = useCustomerCategoryOptions();
  const fields = useMemo(() => channelItemsFields(companies.data, categories.data), [companies.data, categories.data]);
  const view = useListView('tenant', { fields, pageSizes: STAT_ITEMS_PAGE_SIZES, defaultPageSize: 10 });
  const { state } = view;
  const request = useMemo(() => channelStatRequest(state.query, true), [state.query]);
  const items = useChannelStatItems({ ...request, pageIndex: state.pageIndex, pageSize: state.pageSize }, !companies.isPending);
  const data = items.data;
  const byReport = request.statMethod === 2;

  return (
    <ListPage
      title="估价明细"
      intro={
        <StatTotals
          loading={items.isFetching && !data}
          items={[
            { label: '客户数', value: data?.customerTotal, unit: '个' },
            { label: '账号数', value: data?.userTotal, unit: '个' },
            { label: '估价物业数', value: data?.haTotal, unit: '个' },
            ...(byReport
              ? [
                  { label: '咨询报告', value: data?.advisoryTotal, unit: '份' },
                  { label: '询价报告', value: data?.inquiryTotal, unit: '份' },
                ]
              : [
                  { label: '快速估价', value: data?.rapidTotal, unit: '次' },
                  { label: '批量估价', value: data?.batchTotal, unit: '次' },
                ]),
          ]}
        />
      }
      {...view}
      result={pagedResult({ ...items, data: data ? { list: data.pageInfo } : undefined })}
      columns={COLUMNS}
      rowKey={(r) => `${r.statSubMethod}-${r.code}`}
      exportAction={{ permission: Perm.tenantStatItems, run: () => exportChannelStatItems(request) }}
      errorMessage="估价明细加载失败"
      emptyText="暂无数据"
      minWidth={1280}
    />
  );
}
