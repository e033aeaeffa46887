import type { BalanceOrderRow } from '@valuation/contracts';
import { BALANCE_PAGE_SIZES, formatYuan, ORDER_FROM_LABELS, Perm } from '@valuation/domain';
import { DateTimeCell, ListPage, TwoLineCell, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useCustomerCompanyOptions } from '../../customer-company/api/customer-company-api';
import { exportBalanceOrders, useBalanceOrders } from '../api/balance-api';
import { BalanceStats } from '../components/BalanceStats';
import { evalCountColumn, ORDER_COLUMNS, reportCountColumn } from '../components/order-columns';
import { balanceOrderQuery, orderFields } from '../model/balance-filters';
import { pagedResult } from '../model/list-result';

const COLUMNS: TableColumn<BalanceOrderRow>[] = [
  ORDER_COLUMNS.orderNo,
  { key: 'orderTime', title: '分配时间', render: (r) => <DateTimeCell value={r.orderTime} /> },
  ORDER_COLUMNS.account,
  ORDER_COLUMNS.userType,
  ORDER_COLUMNS.companyName,
  ORDER_COLUMNS.productName,
  ORDER_COLUMNS.buyModeName,
  ORDER_COLUMNS.buyScope,
  evalCountColumn,
  reportCountColumn,
  { key: 'orderPrice', title: '订单金额（元）', align: 'right', nowrap: true, render: (r) => formatYuan(r.orderPrice) },
  ORDER_COLUMNS.effectiveDate,
  ORDER_COLUMNS.expireDate,
  ORDER_COLUMNS.state,
  {
    key: 'orderFrom',
    title: '订单来源',
    nowrap: true,
    render: (r) => <TwoLineCell main={ORDER_FROM_LABELS[r.orderFrom] ?? '--'} sub={r.fromAccount || null} />,
  },
];

/**
 * Route balanceRecord (`/channel/balanceRecord`, query account and companyId, permission 71): the
 * allocation orders with their totals; the account and company of a balance row come in the query.
 */
export function BalanceRecordPage() {
  const companies = useCustomerCompanyOptions();
  const fields = useMemo(() => orderFields(companies.data, true), [companies.data]);
  const view = useListView('tenant', { fields, pageSizes: BALANCE_PAGE_SIZES, defaultPageSize: 20 });
  const { state } = view;
  const query = useMemo(() => balanceOrderQuery(state.applied), [state.applied]);
  /* The company of the route query is known once the companies are: no first request without it. */
  const orders = useBalanceOrders({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize }, !companies.isPending);
  const stat = orders.data?.stat;

  return (
    <ListPage
      title="订单记录"
      intro={
        <BalanceStats
          loading={orders.isPending}
          items={[
            { label: '订单数', value: stat?.orderNum, unit: '笔' },
            { label: '包年城市数', value: stat?.cityNum, unit: '个' },
            { label: '全国通用估价次数', value: stat?.universalNum, unit: '次' },
            { label: '咨询报告份数', value: stat?.advisoryNum, unit: '份' },
            { label: '询价报告份数', value: stat?.inquiryNum, unit: '份' },
          ]}
        />
      }
      {...view}
      result={pagedResult(orders)}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      exportAction={{ permission: Perm.tenantStatSummary, run: () => exportBalanceOrders(query) }}
      errorMessage="订单记录加载失败"
      emptyText="所选条件下暂无订单"
      minWidth={1500}
    />
  );
}
