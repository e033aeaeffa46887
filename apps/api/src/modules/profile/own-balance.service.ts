import { Injectable } from '@nestjs/common';
import { BalanceRepository } from '@valuation/persistence';
import { pagedList, type OrderRow, type OwnBalance, type Paged, type UserStatistics } from '@valuation/contracts';
import { businessToday } from '@valuation/domain';
import type { Principal } from '../../common/principal';

export const ORDER_STATE = { pending: 0, effective: 1, expired: 2 } as const;

export function orderState(effectiveDate: string, expireDate: string, on: string): number {
  if (on < effectiveDate) return ORDER_STATE.pending;
  if (on > expireDate) return ORDER_STATE.expired;
  return ORDER_STATE.effective;
}

/** The caller's remaining quota, its usage counts (from the ledger) and its orders. */
@Injectable()
export class OwnBalanceService {
  constructor(private readonly balances: BalanceRepository) {}

  async balance(p: Principal): Promise<OwnBalance> {
    const on = businessToday();
    const owner = { accountId: p.id, tenantId: p.tenantId };
    const [cities, counts] = await Promise.all([this.balances.validCityPackages(owner, on), this.balances.counts(owner)]);
    return {
      cityCount: cities.cityCount,
      annuallyCount: cities.remaining,
      universalCount: counts?.universalCount ?? 0,
      advisoryCount: counts?.advisoryCount ?? 0,
      inquiryCount: counts?.inquiryCount ?? 0,
      buyScope: cities.cityNames,
    };
  }

  /** Usage counted from consumption rows of the ledger (refunded uses do not count). */
  async statistics(p: Principal): Promise<UserStatistics> {
    const usage = await this.balances.usage({ accountId: p.id, tenantId: p.tenantId });
    const uses = (t: string) => Math.max(0, usage.get(t)?.uses ?? 0);
    return {
      rapidTotal: uses('rapid'),
      advisoryTotal: uses('advisory'),
      inquiryTotal: uses('inquiry'),
      batchTotal: usage.get('batch')?.refs ?? 0,
    };
  }

  async orders(p: Principal, pageIndex: number, pageSize: number): Promise<Paged<OrderRow>> {
    const { rows, total } = await this.balances.orders({ accountId: p.id, tenantId: p.tenantId }, { pageIndex, pageSize });
    const on = businessToday();
    return pagedList(
      rows.map((o) => ({
        orderNo: o.orderNo,
        orderTime: o.createdAt.toISOString(),
        productName: o.productName,
        buyModeName: o.buyModeName,
        buyScope: o.buyScope,
        evalCount: o.evalCount,
        reportCount: o.reportCount,
        effectiveDate: o.effectiveDate,
        expireDate: o.expireDate,
        state: orderState(o.effectiveDate, o.expireDate, on),
      })),
      total,
      pageIndex,
      pageSize,
    );
  }
}
