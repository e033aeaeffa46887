import type { CustomerBalanceRow } from '@valuation/contracts';
import { BALANCE_PAGE_SIZES, formatGrouped, Perm, USER_TYPE_LABELS, UserType } from '@valuation/domain';
import { ListPage, ShortText, type RowAction, type TableColumn } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useCustomerCompanyOptions } from '../../customer-company/api/customer-company-api';
import { exportCustomerBalances, useCustomerBalances } from '../api/balance-api';
import { AllocationDialog } from '../components/AllocationDialog';
import { BalanceStats } from '../components/BalanceStats';
import type { AllocationTarget } from '../model/allocation-form';
import { BALANCE_SORT_FIELDS, balanceFields, customerBalanceQuery } from '../model/balance-filters';
import { pagedResult } from '../model/list-result';

type CountField = 'annuallyCount' | 'universalCount' | 'advisoryCount' | 'inquiryCount';

/** A sortable count column; its long title on two lines keeps the table within a laptop's width. */
const count = (field: CountField, what: string, left: string): TableColumn<CustomerBalanceRow> => ({
  key: field,
  title: (
    <span style={{ display: 'inline-block', lineHeight: 1.3 }}>
      {what}
      <br />
      {left}
    </span>
  ),
  align: 'right',
  nowrap: true,
  sortable: true,
  render: (r) => formatGrouped(r[field]),
});

const COLUMNS: TableColumn<CustomerBalanceRow>[] = [
  { key: 'loginUser', title: '账号', field: 'loginUser', nowrap: true },
  { key: 'userName', title: '姓名', render: (r) => <ShortText text={r.userName} max={5} /> },
  { key: 'userType', title: '账号类型', nowrap: true, render: (r) => USER_TYPE_LABELS[r.userType as UserType] ?? '--' },
  { key: 'companyName', title: '客户公司', render: (r) => <ShortText text={r.companyName} /> },
  { key: 'buyScope', title: '包年城市', width: 150, render: (r) => <ShortText text={r.buyScope} max={18} wrap /> },
  count('annuallyCount', '包年城市', '剩余次数'),
  count('universalCount', '全国通用', '剩余次数'),
  count('advisoryCount', '咨询报告', '剩余份数'),
  count('inquiryCount', '询价报告', '剩余份数'),
];

/** Route balance (`/channel/balance`, permission 71): the customer accounts' balances, allocation, and links to their orders. */
export function BalancePage() {
  const companies = useCustomerCompanyOptions();
  const fields = useMemo(() => balanceFields(companies.data), [companies.data]);
  const view = useListView('tenant', { fields, pageSizes: BALANCE_PAGE_SIZES, defaultPageSize: 20, sortFields: BALANCE_SORT_FIELDS });
  const { state } = view;
  const query = useMemo(() => customerBalanceQuery(state.applied, state.sort), [state.applied, state.sort]);
  /* The company of a link is known once the companies are: no first request without it. */
  const balances = useCustomerBalances({ ...query, pageIndex: state.pageIndex, pageSize: state.pageSize }, !companies.isPending);
  const link = useRouteLink('channel');
  const [target, setTarget] = useState<AllocationTarget | null>(null);
  const stat = balances.data?.stat;

  const actions = useMemo<RowAction<CustomerBalanceRow>[]>(() => {
    const of = (r: CustomerBalanceRow) => ({ account: r.loginUser, companyId: r.companyId });
    return [
      { key: 'allocate', label: '分配余额', permission: Perm.tenantStatSummary, onClick: (r) => setTarget(r) },
      { key: 'orders', label: '订单记录', href: (r) => link('balanceRecord', of(r)) },
      { key: 'details', label: '余额明细', href: (r) => link('balanceDetail', of(r)) },
    ];
  }, [link]);

  return (
    <>
      <ListPage
        title="客户余额"
        intro={
          <BalanceStats
            loading={balances.isPending}
            items={[
              { label: '客户数', value: stat?.accountNum, unit: '个' },
              { label: '未过期包年城市数', value: stat?.cityNum, unit: '个' },
              { label: '全国通用剩余估价次数', value: stat?.universalNum, unit: '次' },
              { label: '咨询报告剩余份数', value: stat?.advisoryNum, unit: '份' },
              { label: '询价报告剩余份数', value: stat?.inquiryNum, unit: '份' },
            ]}
          />
        }
        {...view}
        result={pagedResult(balances)}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowActions={actions}
        exportAction={{ permission: Perm.tenantStatSummary, run: () => exportCustomerBalances(query) }}
        errorMessage="客户余额加载失败"
        emptyText="暂无数据"
        minWidth={1120}
      />
      <AllocationDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
