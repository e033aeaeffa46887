import type { BalanceDetailRow } from '@valuation/contracts';
import { BALANCE_PAGE_SIZES, Perm } from '@valuation/domain';
import { ListPage, type TableColumn } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useCustomerCompanyOptions } from '../../customer-company/api/customer-company-api';
import { exportBalanceDetails, useBalanceDetails } from '../api/balance-api';
import { BalanceStats } from '../components/BalanceStats';
import { evalRemainingColumn, ORDER_COLUMNS, reportRemainingColumn } from '../components/order-columns';
import { balanceOrderQuery, orderFields } from '../model/balance-filters';
import { pagedResult } from '../model/list-result';

const COLUMNS: TableColumn<BalanceDetailRow>[] = [
  ORDER_COLUMNS.companyName,
  ORDER_COLUMNS.account,
  ORDER_COLUMNS.orderNo,
  ORDER_COLUMNS.productName,
  ORDER_COLUMNS.buyModeName,
  ORDER_COLUMNS.buyScope,
  evalRemainingColumn,
  reportRemainingColumn,
  ORDER_COLUMNS.effectiveDate,
  ORDER_COLUMNS.expireDate,
  ORDER_COLUMNS.state,
];

/**
 * Route balanceDetail (`/channel/balanceDetail`, query account and companyId, permission 71): what
 * is left of each order, with the totals left; the account and company of a balance row come in the query.
 */
export function BalanceDetailPage() {
  const companies = useCustomerCompanyOptions();
  const fields = useMemo(() => orderFields(companies.data, false), [companies.data]);
  const view = useListView('tenant', { fields, pageSizes: BALANCE_PAGE_SIZES, defaultPageSize: 20 });
  const { state } = view;
  const query = useMemo(() => balanceOrderQuery(state.applied), [state.applied]);
  const details = useBalanceDetails({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize }, !companies.isPending);
  const stat = details.data?.stat;

  return (
    <ListPage
      title="余额明细"
      intro={
        <BalanceStats
          loading={details.isPending}
          items={[
            { label: '订单数', value: stat?.orderNum, unit: '笔' },
            { label: '包年城市数', value: stat?.cityNum, unit: '个' },
            { label: '全国通用剩余估价次数', value: stat?.universalNum, unit: '次' },
            { label: '咨询报告剩余份数', value: stat?.advisoryNum, unit: '份' },
            { label: '询价报告剩余份数', value: stat?.inquiryNum, unit: '份' },
          ]}
        />
      }
      {...view}
      result={pagedResult(details)}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      exportAction={{ permission: Perm.tenantStatSummary, run: () => exportBalanceDetails(query) }}
      errorMessage="余额明细加载失败"
      emptyText="所选条件下暂无余额"
      minWidth={1200}
    />
  );
}
