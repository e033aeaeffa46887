import { Injectable } from '@nestjs/common';
import { BalanceRepository } from '@valuation/persistence';
import { pagedList, type OrderRow, type OwnBalance, type Paged, type UserStatistics } from '@valuation/contracts';
import { businessToday, formatDateTime } from '@valuation/domain';
import type { Principal } from '../../common/principal';

/** The caller's remaining quota, its usage counts (from the ledger) and its orders. */
@Injectable()
export class OwnBalanceService {
  constructor(private readonly balances: BalanceRepository) {}

  async balance(p: Principal): Promise<OwnBalance> {
    const counts = (await this.balances.usableCounts(p.tenantId, [p.id], businessToday())).get(p.id);
    if (!counts) throw new Error(`no counts for account ${p.id}`);
    const { accountId: _accountId, ...balance } = counts;
    return balance;
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
    return pagedList(
      rows.map((o) => ({
        orderNo: o.orderNo,
        orderTime: formatDateTime(o.createdAt),
        productName: o.productName,
        buyModeName: o.buyModeName,
        buyScope: o.buyScope,
        evalCount: o.evalCount,
        reportCount: o.reportCount,
        effectiveDate: o.effectiveDate,
        expireDate: o.expireDate,
        state: o.state,
      })),
      total,
      pageIndex,
      pageSize,
    );
  }
}
