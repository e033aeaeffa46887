import { Injectable } from '@nestjs/common';
import { QuotaExhaustedError } from '@valuation/core';
import { businessToday } from '@valuation/domain';
import { BalanceRepository, type BatchTaskEntity, type Transaction } from '@valuation/persistence';

export type BatchReservation = BatchTaskEntity['reservations'][number];

/** Who pays and for which task. */
export interface BatchPayer {
  tenantId: number;
  accountId: number;
  batchId: string;
}

/** How a task's rows would be paid: counts per package, city-annual packages first. */
export interface ReservationPlan {
  city: { packageId: number; cityCode: string; count: number }[];
  /** Rows the city-annual counts do not cover. */
  shortfall: number;
  /** Nationwide packages with counts left, earliest expiry first. */
  universal: { packageId: number; remaining: number }[];
  /** Nationwide counts the account holds. */
  universalAvailable: number;
}

/**
 * Reserves one valuation per row of a batch task, in the caller's transaction. The packages are
 * locked (in id order, as every multi-package lock takes them) from the plan until commit, so the
 * plan stays true while it is applied. Every change writes a ledger row (reason consume, refType
 * batch, refId the batchId).
 */
@Injectable()
export class BatchReservationService {
  constructor(private readonly balances: BalanceRepository) {}

  /** `needs`: rows per city code (null for rows whose city is unknown, paid with nationwide counts). */
  async plan(m: Transaction, payer: BatchPayer, needs: ReadonlyMap<string | null, number>): Promise<ReservationPlan> {
    const cityCodes = [...needs.keys()].filter((c): c is string => c !== null);
    const packages = await this.balances.lockValuationPackages(m, payer, cityCodes, businessToday());
    const open = new Map(needs);
    const city: ReservationPlan['city'] = [];
    for (const pkg of packages.filter((p) => p.kind === 'city')) {
      let left = pkg.remaining;
      for (const code of pkg.cityCodes) {
        const need = open.get(code) ?? 0;
        if (need <= 0 || left <= 0) continue;
        const count = Math.min(need, left);
        city.push({ packageId: pkg.id, cityCode: code, count });
        open.set(code, need - count);
        left -= count;
      }
    }
    const universal = packages.filter((p) => p.kind === 'universal').map((p) => ({ packageId: p.id, remaining: p.remaining }));
    const shortfall = [...open.values()].reduce((a, b) => a + b, 0);
    return { city, shortfall, universal, universalAvailable: universal.reduce((a, u) => a + u.remaining, 0) };
  }

  /** Takes the counts of a plan; nationwide counts cover its shortfall. */
  async apply(m: Transaction, payer: BatchPayer, plan: ReservationPlan): Promise<BatchReservation[]> {
    if (plan.shortfall > plan.universalAvailable) throw new QuotaExhaustedError('valuation');
    const reserved: BatchReservation[] = [];
    for (const c of plan.city) {
      const remaining = await this.balances.take(m, payer, c.packageId, c.count);
      if (remaining === null) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, payer, 'city', c.packageId, c.count, remaining);
      reserved.push({ kind: 'city', packageId: c.packageId, cityCode: c.cityCode, count: c.count });
    }
    let short = plan.shortfall;
    for (const u of plan.universal) {
      if (short <= 0) break;
      const count = Math.min(short, u.remaining);
      const remaining = await this.balances.take(m, payer, u.packageId, count);
      if (remaining === null) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, payer, 'universal', u.packageId, count, remaining);
      reserved.push({ kind: 'universal', packageId: u.packageId, cityCode: null, count });
      short -= count;
    }
    return reserved;
  }

  private async ledger(
    m: Transaction,
    payer: BatchPayer,
    kind: 'city' | 'universal',
    packageId: number,
    count: number,
    after: number,
  ): Promise<void> {
    await this.balances.writeLedger(m, {
      tenantId: payer.tenantId,
      accountId: payer.accountId,
      kind,
      packageId,
      delta: -count,
      balanceAfter: after,
      reason: 'consume',
      refType: 'batch',
      refId: payer.batchId,
      createdBy: payer.accountId,
    });
  }
}
