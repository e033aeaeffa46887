import type { ChannelStatSummaryRow } from '@valuation/contracts';
import { Perm, STAT_SUMMARY_PAGE_SIZES, type StatSubMethod } from '@valuation/domain';
import { ListPage, ShortText, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { pagedResult } from '../../balance/model/list-result';
import { useCustomerCategoryOptions } from '../../customer-category/api/customer-category-api';
import { useCustomerCompanyOptions } from '../../customer-company/api/customer-company-api';
import { exportChannelStatSummary, useChannelStatSummary } from '../api/statistics-api';
import { countColumn, haColumn } from '../components/stat-columns';
import { StatTotals } from '../components/StatTotals';
import { channelStatRequest, channelSummaryFields, detailLink } from '../model/stat-filters';

const COUNTED: readonly StatSubMethod[] = [11, 13, 14, 12, 22, 21];

/**
 * Route stat/channelSummary (`/channel/stat/channelSummary`, permission 71): per customer company
 * and account of the channel, what was valued in the date range (the last 3 months by default), by
 * company, account, customer category and system; the totals and the export. A count opens the
 * detail rows it counts.
 */
export function ChannelStatSummaryPage() {
  const companies = useCustomerCompanyOptions();
  const categories = useCustomerCategoryOptions();
  const fields = useMemo(() => channelSummaryFields(companies.data, categories.data), [companies.data, categories.data]);
  const view = useListView('tenant', { fields, pageSizes: STAT_SUMMARY_PAGE_SIZES, defaultPageSize: 20 });
  const { state } = view;
  const request = useMemo(() => channelStatRequest(state.query, false), [state.query]);
  /* A link's company is known once the companies are: no first request without it. */
  const summary = useChannelStatSummary({ ...request, pageIndex: state.pageIndex, pageSize: state.pageSize }, !companies.isPending);
  const link = useRouteLink('channel');
  const data = summary.data;

  const columns = useMemo<TableColumn<ChannelStatSummaryRow>[]>(() => {
    const href = (r: ChannelStatSummaryRow, sub: StatSubMethod) =>
      link('channelSubsidiary', detailLink(request, { companyId: r.companyId, account: r.loginUser }, sub));
    return [
      { key: 'companyName', title: '客户公司', render: (r) => <ShortText text={r.companyName} max={10} /> },
      { key: 'categoryName', title: '客户类别', render: (r) => <ShortText text={r.categoryName} max={6} /> },
      { key: 'loginUser', title: '账号', field: 'loginUser', nowrap: true },
      { key: 'userName', title: '姓名', render: (r) => <ShortText text={r.userName} max={6} /> },
      haColumn<ChannelStatSummaryRow>(),
      ...COUNTED.map((sub) => countColumn<ChannelStatSummaryRow>(sub, href)),
    ];
  }, [link, request]);

  return (
    <ListPage
      title="估价汇总"
      intro={
        <StatTotals
          loading={summary.isFetching && !data}
          items={[
            { label: '客户数', value: data?.customerTotal, unit: '个' },
            { label: '估价物业数', value: data?.haTotal, unit: '个' },
            { label: '快速估价', value: data?.rapidTotal, unit: '次' },
            { label: '批量估价', value: data?.batchTotal, unit: '次' },
            { label: '咨询报告', value: data?.advisoryTotal, unit: '份' },
            { label: '询价报告', value: data?.inquiryTotal, unit: '份' },
          ]}
        />
      }
      {...view}
      result={pagedResult({ ...summary, data: data ? { list: data.pageInfo } : undefined })}
      columns={columns}
      rowKey={(r) => `${r.companyId}-${r.customer}`}
      exportAction={{ permission: Perm.tenantStatSummary, run: () => exportChannelStatSummary(request) }}
      errorMessage="估价汇总加载失败"
      emptyText="暂无数据"
      minWidth={1100}
    />
  );
}
