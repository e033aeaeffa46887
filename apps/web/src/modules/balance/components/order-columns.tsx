import { Text } from '@mantine/core';
import type { BalanceDetailRow, BalanceOrderRow } from '@valuation/contracts';
import { formatDate, formatGrouped, ProductCode, USER_TYPE_LABELS, UserType } from '@valuation/domain';
import { ShortText, TwoLineCell, type TableColumn } from '@valuation/ui';
import { NATIONWIDE } from '../model/allocation-form';
import { OrderStateBadge } from './OrderStateBadge';

type OrderLike = BalanceOrderRow | BalanceDetailRow;

const isValuation = (r: OrderLike) => r.productCode === ProductCode.valuation;

/** A count of the order's own kind (valuations or report copies); -- in the column of the other kind. */
const countOf = (applies: boolean, value: number) => (applies ? formatGrouped(value) : '--');

/** The columns the order records and the balance details share. */
export const ORDER_COLUMNS = {
  orderNo: {
    key: 'orderNo',
    title: '订单编号',
    nowrap: true,
    render: (r) => (
      <Text size="xs" ff="monospace">
        {r.orderNo}
      </Text>
    ),
  },
  account: { key: 'account', title: '账号', nowrap: true, render: (r) => <TwoLineCell main={r.loginUser} sub={r.userName} /> },
  userType: { key: 'userType', title: '账号类型', nowrap: true, render: (r) => USER_TYPE_LABELS[r.userType as UserType] ?? '--' },
  companyName: { key: 'companyName', title: '客户公司', render: (r) => <ShortText text={r.companyName} /> },
  productName: { key: 'productName', title: '产品', field: 'productName', nowrap: true },
  buyModeName: { key: 'buyModeName', title: '购买模式', field: 'buyModeName', nowrap: true },
  buyScope: { key: 'buyScope', title: '服务范围', width: 140, render: (r) => <ShortText text={r.buyScope || NATIONWIDE} max={18} wrap /> },
  effectiveDate: { key: 'effectiveDate', title: '生效日期', nowrap: true, render: (r) => formatDate(r.effectiveDate) || '--' },
  expireDate: { key: 'expireDate', title: '截止日期', nowrap: true, render: (r) => formatDate(r.expireDate) || '--' },
  state: { key: 'state', title: '订单状态', nowrap: true, render: (r) => <OrderStateBadge state={r.state} /> },
} satisfies Record<string, TableColumn<OrderLike>>;

export const evalCountColumn: TableColumn<BalanceOrderRow> = {
  key: 'evalCount',
  title: '估价次数',
  align: 'right',
  nowrap: true,
  render: (r) => countOf(isValuation(r), r.evalCount),
};

export const reportCountColumn: TableColumn<BalanceOrderRow> = {
  key: 'reportCount',
  title: '报告份数',
  align: 'right',
  nowrap: true,
  render: (r) => countOf(!isValuation(r), r.reportCount),
};

export const evalRemainingColumn: TableColumn<BalanceDetailRow> = {
  key: 'evalRemainingCount',
  title: '剩余估价次数',
  align: 'right',
  nowrap: true,
  render: (r) => countOf(isValuation(r), r.evalRemainingCount),
};

export const reportRemainingColumn: TableColumn<BalanceDetailRow> = {
  key: 'reportRemainingCount',
  title: '剩余报告份数',
  align: 'right',
  nowrap: true,
  render: (r) => countOf(!isValuation(r), r.reportRemainingCount),
};
