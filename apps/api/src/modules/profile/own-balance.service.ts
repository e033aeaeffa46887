import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountBalanceEntity, BalanceOrderEntity } from '@valuation/persistence';
import type { OrderRow, OwnBalance, Paged, UserStatistics } from '@valuation/contracts';
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
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async balance(p: Principal): Promise<OwnBalance> {
    const on = businessToday();
    const [cities] = (await this.ds.query(
      `SELECT count(DISTINCT city_code)::int AS city_count, coalesce(sum(remaining), 0)::int AS annually,
              coalesce(string_agg(DISTINCT city_name, '、'), '') AS scope
         FROM city_package
        WHERE account_id = $1 AND tenant_id = $2 AND effective_date <= $3 AND expire_date >= $3`,
      [p.id, p.tenantId, on],
    )) as { city_count: number; annually: number; scope: string }[];
    const counts = await this.ds.getRepository(AccountBalanceEntity).findOneBy({ accountId: p.id, tenantId: p.tenantId });
    return {
      cityCount: cities.city_count,
      annuallyCount: cities.annually,
      universalCount: counts?.universalCount ?? 0,
      advisoryCount: counts?.advisoryCount ?? 0,
      inquiryCount: counts?.inquiryCount ?? 0,
      buyScope: cities.scope,
    };
  }

  /** Usage counted from consumption rows of the ledger (refunded uses do not count). */
  async statistics(p: Principal): Promise<UserStatistics> {
    const rows: { ref_type: string; uses: number; refs: number }[] = await this.ds.query(
      `SELECT ref_type, (-sum(delta))::int AS uses, count(DISTINCT ref_id)::int AS refs
         FROM balance_ledger
        WHERE account_id = $1 AND tenant_id = $2 AND reason IN ('consume', 'refund') AND ref_type IS NOT NULL
        GROUP BY ref_type`,
      [p.id, p.tenantId],
    );
    const uses = (t: string) => Math.max(0, rows.find((r) => r.ref_type === t)?.uses ?? 0);
    return {
      rapidTotal: uses('rapid'),
      advisoryTotal: uses('advisory'),
      inquiryTotal: uses('inquiry'),
      batchTotal: rows.find((r) => r.ref_type === 'batch')?.refs ?? 0,
    };
  }

  async orders(p: Principal, pageIndex: number, pageSize: number): Promise<Paged<OrderRow>> {
    const [rows, total] = await this.ds.getRepository(BalanceOrderEntity).findAndCount({
      where: { accountId: p.id, tenantId: p.tenantId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (pageIndex - 1) * pageSize,
      take: pageSize,
    });
    const on = businessToday();
    return {
      list: rows.map((o) => ({
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
      pages: Math.ceil(total / pageSize),
      pageNum: pageIndex,
      total,
    };
  }
}
