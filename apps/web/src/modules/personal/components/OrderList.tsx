import { Badge } from '@mantine/core';
import type { OrderRow } from '@valuation/contracts';
import { BALANCE_PAGE_SIZES, ORDER_STATE_LABELS, type OrderState } from '@valuation/domain';
import { LoadError, PagedTable, type TableColumn } from '@valuation/ui';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../app/format/date-format';
import { useOwnOrders } from '../api/personal-api';

const ORDER_STATE_COLORS: Readonly<Record<OrderState, string>> = { 0: 'gray', 1: 'green', 2: 'red' };

const columns: TableColumn<OrderRow>[] = [
  { key: 'orderNo', title: '订单编号', field: 'orderNo' },
  { key: 'orderTime', title: '下单时间', render: (r) => formatDateTime(r.orderTime) || '--' },
  { key: 'productName', title: '产品名称', field: 'productName' },
  { key: 'buyModeName', title: '购买模式', field: 'buyModeName' },
  { key: 'buyScope', title: '服务范围', render: (r) => r.buyScope || '全国' },
  { key: 'evalCount', title: '估价次数', field: 'evalCount', align: 'right' },
  { key: 'reportCount', title: '报告份数', field: 'reportCount', align: 'right' },
  { key: 'effectiveDate', title: '生效时间', render: (r) => formatDate(r.effectiveDate) || '--' },
  { key: 'expireDate', title: '到期时间', render: (r) => formatDate(r.expireDate) || '--' },
  {
    key: 'state',
    title: '订单状态',
    render: (r) => {
      const state = Number(r.state) as OrderState;
      return state in ORDER_STATE_LABELS ? (
        <Badge variant="light" color={ORDER_STATE_COLORS[state]}>
          {ORDER_STATE_LABELS[state]}
        </Badge>
      ) : (
        '--'
      );
    },
  },
];

/** The orders of a personal account (userType 2), 20, 50, 100 or 200 a page (20 at first). */
export function OrderList() {
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState<number>(BALANCE_PAGE_SIZES[0]);
  const orders = useOwnOrders(pageIndex, pageSize, true);

  if (orders.isError && !orders.data) return <LoadError message="订单加载失败" onRetry={() => void orders.refetch()} />;

  return (
    <PagedTable
      columns={columns}
      rows={orders.data?.list}
      rowKey={(r, i) => r.orderNo || i}
      loading={orders.isLoading}
      fetching={orders.isFetching}
      page={pageIndex}
      pageSize={pageSize}
      total={orders.data?.total ?? 0}
      pageSizes={BALANCE_PAGE_SIZES}
      onPageChange={setPageIndex}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPageIndex(1);
      }}
      minWidth={1000}
    />
  );
}
