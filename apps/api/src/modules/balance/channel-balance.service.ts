import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  pagedList,
  type BalanceDetailList,
  type BalanceDetailRow,
  type BalanceOrderList,
  type BalanceOrderRow,
  type CustomerBalanceList,
  type CustomerBalanceRow,
  type PriceEntry,
  type Product,
} from '@valuation/contracts';
import {
  BalanceBookService,
  BalanceRefusedError,
  excelDateTime,
  streamXlsx,
  XLSX_AMOUNT,
  XLSX_DATE_TIME,
  type XlsxColumn,
} from '@valuation/core';
import {
  BalanceMsg,
  BUY_MODE_NAMES,
  BuyMode,
  businessToday,
  dateStamp,
  filterDayBounds,
  formatDateTime,
  ORDER_FROM_LABELS,
  ORDER_STATE_LABELS,
  OrderFrom,
  PRODUCTS,
  USER_TYPE_LABELS,
  type AllocationOrder,
  type BalanceOrderFilter,
  type BalanceOrderListQuery,
  type CustomerBalanceFilter,
  type CustomerBalanceListQuery,
  type UserType,
} from '@valuation/domain';
import { AccountRepository, BalanceOrderRepository, UnitOfWork, type OrderFilter, type OrderRowData } from '@valuation/persistence';
import { ApiError } from '../../common/api-error';
import { dataScope } from '../../common/data-scope';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';
import { RegionService } from '../region/region.service';

/** Rows an export writes at most. */
export const BALANCE_EXPORT_LIMIT = 10_000;

const ORDER_LOG_LABELS = {
  orderNo: '订单编号',
  account: '账号',
  productName: '产品',
  buyModeName: '购买模式',
  buyScope: '服务范围',
  count: '数量',
  orderPrice: '总价（元）',
  effectiveDate: '开始日期',
  expireDate: '截止日期',
  remark: '备注',
};

const userTypeLabel = (t: number) => USER_TYPE_LABELS[t as UserType] ?? '';

const BALANCE_COLUMNS: readonly XlsxColumn<CustomerBalanceRow>[] = [
  { header: '账号', width: 16, value: (r) => r.loginUser },
  { header: '姓名', width: 12, value: (r) => r.userName },
  { header: '账号类型', width: 10, value: (r) => userTypeLabel(r.userType) },
  { header: '客户公司', width: 24, value: (r) => r.companyName },
  { header: '包年城市', width: 24, value: (r) => r.buyScope },
  { header: '包年城市剩余次数', width: 16, value: (r) => r.annuallyCount },
  { header: '全国通用剩余次数', width: 16, value: (r) => r.universalCount },
  { header: '咨询报告剩余份数', width: 16, value: (r) => r.advisoryCount },
  { header: '询价报告剩余份数', width: 16, value: (r) => r.inquiryCount },
];

const orderHead = <T extends BalanceOrderRow | BalanceDetailRow>(): XlsxColumn<T>[] => [
  { header: '订单编号', width: 22, value: (r) => r.orderNo },
  { header: '分配时间', width: 21, numFmt: XLSX_DATE_TIME, value: (r) => excelDateTime(r.orderTime) },
  { header: '账号', width: 16, value: (r) => r.loginUser },
  { header: '账号类型', width: 10, value: (r) => userTypeLabel(r.userType) },
  { header: '客户公司', width: 24, value: (r) => r.companyName },
  { header: '产品', width: 12, value: (r) => r.productName },
  { header: '购买模式', width: 12, value: (r) => r.buyModeName },
  { header: '服务范围', width: 20, value: (r) => r.buyScope || '全国' },
];

const orderTail = <T extends BalanceOrderRow | BalanceDetailRow>(): XlsxColumn<T>[] => [
  { header: '生效日期', width: 12, value: (r) => r.effectiveDate },
  { header: '截止日期', width: 12, value: (r) => r.expireDate },
  { header: '订单状态', width: 10, value: (r) => ORDER_STATE_LABELS[r.state as 0 | 1 | 2] ?? '' },
];

const ORDER_COLUMNS: readonly XlsxColumn<BalanceOrderRow>[] = [
  ...orderHead<BalanceOrderRow>(),
  { header: '估价次数', width: 10, value: (r) => r.evalCount },
  { header: '报告份数', width: 10, value: (r) => r.reportCount },
  { header: '订单金额（元）', width: 14, numFmt: XLSX_AMOUNT, value: (r) => Number(r.orderPrice) },
  ...orderTail<BalanceOrderRow>(),
  { header: '订单来源', width: 12, value: (r) => ORDER_FROM_LABELS[r.orderFrom] ?? '' },
  { header: '添加人', width: 14, value: (r) => r.fromAccount },
];

const DETAIL_COLUMNS: readonly XlsxColumn<BalanceDetailRow>[] = [
  ...orderHead<BalanceDetailRow>(),
  { header: '估价次数', width: 10, value: (r) => r.evalCount },
  { header: '剩余估价次数', width: 12, value: (r) => r.evalRemainingCount },
  { header: '报告份数', width: 10, value: (r) => r.reportCount },
  { header: '剩余报告份数', width: 12, value: (r) => r.reportRemainingCount },
  ...orderTail<BalanceDetailRow>(),
];

function orderRow(o: OrderRowData): BalanceOrderRow {
  return {
    id: o.id,
    orderNo: o.orderNo,
    orderTime: formatDateTime(o.createdAt),
    accountId: o.accountId,
    loginUser: o.loginUser,
    userName: o.userName,
    userType: o.userType,
    companyId: o.companyId,
    companyName: o.companyName,
    productCode: o.productCode,
    productName: o.productName,
    buyModeCode: o.buyModeCode,
    buyModeName: o.buyModeName,
    buyScope: o.buyScope,
    evalCount: o.evalCount,
    reportCount: o.reportCount,
    orderPrice: Number(o.orderPrice).toFixed(2),
    effectiveDate: o.effectiveDate,
    expireDate: o.expireDate,
    state: o.state,
    orderFrom: o.orderFrom,
    fromAccount: o.fromAccount,
    remark: o.remark,
  };
}

function detailRow(o: OrderRowData): BalanceDetailRow {
  const { orderPrice: _p, orderFrom: _f, fromAccount: _a, remark: _r, ...rest } = orderRow(o);
  const valuation = o.evalCount > 0;
  return { ...rest, evalRemainingCount: valuation ? o.remaining : 0, reportRemainingCount: valuation ? 0 : o.remaining };
}

function orderFilter(q: BalanceOrderFilter): OrderFilter {
  const { from, until } = filterDayBounds(q.beginDate, q.endDate);
  return {
    account: q.account,
    companyId: q.companyId,
    companyName: q.companyName,
    type: q.type,
    orderNo: q.orderNo,
    productCode: q.productCode,
    buyModeCode: q.buyModeCode,
    state: q.state,
    from: q.from,
    since: from,
    until,
  };
}

const accountFilter = (q: CustomerBalanceFilter) => ({
  account: q.account,
  companyId: q.companyId,
  companyName: q.companyName,
  type: q.type,
});

/**
 * The channel's side of balances (permission 71): the catalogue and price list, its customer
 * accounts' usable counts, the orders it places for them, and what is left of each order.
 */
@Injectable()
export class ChannelBalanceService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly orders: BalanceOrderRepository,
    private readonly accounts: AccountRepository,
    private readonly book: BalanceBookService,
    private readonly regions: RegionService,
    private readonly log: AdminLog,
  ) {}

  products(): Product[] {
    return PRODUCTS.map((p) => ({ ...p }));
  }

  async prices(p: Principal): Promise<PriceEntry[]> {
    return (await this.orders.prices(p.tenantId)).map((r) => ({ buyMode: r.buyMode, unit: r.unit, price: Number(r.price).toFixed(2) }));
  }

  async list(p: Principal, q: CustomerBalanceListQuery): Promise<CustomerBalanceList> {
    const today = businessToday();
    const [page, stat] = await Promise.all([
      this.orders.customerBalancePage(p.tenantId, accountFilter(q), { field: q.sortField, order: q.sortOrder }, today, q),
      this.orders.customerBalanceStat(p.tenantId, accountFilter(q), today),
    ]);
    return { stat, list: pagedList(page.rows, page.total, q.pageIndex, q.pageSize) };
  }

  async export(p: Principal, q: CustomerBalanceFilter): Promise<{ content: Readable; fileName: string }> {
    const { rows } = await this.orders.customerBalancePage(
      p.tenantId,
      accountFilter(q),
      { field: q.sortField, order: q.sortOrder },
      businessToday(),
      { pageIndex: 1, pageSize: BALANCE_EXPORT_LIMIT },
    );
    return {
      content: await streamXlsx({ sheetName: '客户余额', columns: BALANCE_COLUMNS }, rows),
      fileName: `客户余额_${dateStamp()}.xlsx`,
    };
  }

  /** POST api/tenant/customer-balance/order: an order for a customer account of the channel, logged. */
  async order(p: Principal, input: AllocationOrder, ip: string | undefined): Promise<{ orderNo: string }> {
    const account = await this.accounts.findInRange(dataScope(p, 'tenant'), input.balanceId);
    if (!account) throw ApiError.notFound(BalanceMsg.accountNotFound);
    const names = await this.regions.cityNames(input.cityCodes);
    if (names.size !== input.cityCodes.length) throw ApiError.badRequest(BalanceMsg.cityInvalid);
    const cities = input.cityCodes.map((code) => ({ code, name: names.get(code) as string }));
    try {
      return await this.uow.run(async (m) => {
        const placed = await this.book.placeOrder(m, {
          tenantId: p.tenantId,
          accountId: account.id,
          companyId: account.companyId,
          productCode: input.productCode,
          buyModeCode: input.buyModeCode as BuyMode,
          cities,
          count: input.count,
          orderPrice: input.orderPrice,
          effectiveDate: input.effectiveDate,
          expireDate: input.expireDate,
          remark: input.remark || null,
          orderFrom: OrderFrom.admin,
          createdBy: p.id,
        });
        const product = PRODUCTS.find((x) => x.productCode === input.productCode);
        await this.log.write(m, p, ip, {
          action: '分配余额',
          target: { type: 'balance_order', id: placed.orderNo, name: account.loginUser },
          after: {
            orderNo: placed.orderNo,
            account: account.loginUser,
            productName: product?.productName ?? input.productCode,
            buyModeName: BUY_MODE_NAMES[input.buyModeCode],
            buyScope: cities.map((c) => c.name).join('、') || '全国',
            count: input.count,
            orderPrice: input.orderPrice,
            effectiveDate: input.effectiveDate,
            expireDate: input.expireDate,
            remark: input.remark,
          },
          labels: ORDER_LOG_LABELS,
        });
        return { orderNo: placed.orderNo };
      });
    } catch (error) {
      if (error instanceof BalanceRefusedError) throw ApiError.badRequest(error.message);
      throw error;
    }
  }

  async orderList(p: Principal, q: BalanceOrderListQuery): Promise<BalanceOrderList> {
    const f = orderFilter(q);
    const [page, stat] = await Promise.all([this.orders.orderPage(p.tenantId, f, q), this.orders.orderStat(p.tenantId, f, false)]);
    return { stat, list: pagedList(page.rows.map(orderRow), page.total, q.pageIndex, q.pageSize) };
  }

  async detailList(p: Principal, q: BalanceOrderListQuery): Promise<BalanceDetailList> {
    const f = orderFilter(q);
    const [page, stat] = await Promise.all([this.orders.orderPage(p.tenantId, f, q), this.orders.orderStat(p.tenantId, f, true)]);
    return { stat, list: pagedList(page.rows.map(detailRow), page.total, q.pageIndex, q.pageSize) };
  }

  async exportOrders(p: Principal, q: BalanceOrderFilter): Promise<{ content: Readable; fileName: string }> {
    const rows = (await this.orders.orders(p.tenantId, orderFilter(q), BALANCE_EXPORT_LIMIT)).map(orderRow);
    return { content: await streamXlsx({ sheetName: '订单记录', columns: ORDER_COLUMNS }, rows), fileName: `订单记录_${dateStamp()}.xlsx` };
  }

  async exportDetails(p: Principal, q: BalanceOrderFilter): Promise<{ content: Readable; fileName: string }> {
    const rows = (await this.orders.orders(p.tenantId, orderFilter(q), BALANCE_EXPORT_LIMIT)).map(detailRow);
    return {
      content: await streamXlsx({ sheetName: '余额明细', columns: DETAIL_COLUMNS }, rows),
      fileName: `余额明细_${dateStamp()}.xlsx`,
    };
  }
}
