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

/** How a task's rows would be paid: city-annual counts per package, then nationwide counts. */
export interface ReservationPlan {
  city: { cityPackageId: number; cityCode: string; count: number }[];
  /** Rows the city-annual counts do not cover. */
  shortfall: number;
  /** Nationwide counts the account holds. */
  universalAvailable: number;
}

/**
 * Reserves one valuation per row of a batch task, in the caller's transaction. The packages and
 * the balance row are locked (packages first, as QuotaService does) from the plan until commit,
 * so the plan stays true while it is applied. Every change writes a ledger row (reason consume,
 * refType batch, refId the batchId).
 */
@Injectable()
export class BatchReservationService {
  constructor(private readonly balances: BalanceRepository) {}

  /** `needs`: rows per city code (null for rows whose city is unknown, paid with nationwide counts). */
  async plan(m: Transaction, payer: BatchPayer, needs: ReadonlyMap<string | null, number>): Promise<ReservationPlan> {
    const cityCodes = [...needs.keys()].filter((c): c is string => c !== null);
    const packages = await this.balances.lockCityPackages(m, payer, cityCodes, businessToday());
    const universalAvailable = await this.balances.lockUniversalCount(m, payer);
    const open = new Map(needs);
    const city: ReservationPlan['city'] = [];
    for (const pkg of packages) {
      const need = open.get(pkg.cityCode) ?? 0;
      if (need <= 0) continue;
      const count = Math.min(need, pkg.remaining);
      city.push({ cityPackageId: pkg.id, cityCode: pkg.cityCode, count });
      open.set(pkg.cityCode, need - count);
    }
    const shortfall = [...open.values()].reduce((a, b) => a + b, 0);
    return { city, shortfall, universalAvailable };
  }

  /** Takes the counts of a plan; nationwide counts cover its shortfall. */
  async apply(m: Transaction, payer: BatchPayer, plan: ReservationPlan): Promise<BatchReservation[]> {
    if (plan.shortfall > plan.universalAvailable) throw new QuotaExhaustedError('valuation');
    const reserved: BatchReservation[] = [];
    for (const c of plan.city) {
      const remaining = await this.balances.takeFromCityPackage(m, payer, c.cityPackageId, c.count);
      if (remaining === null) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, payer, 'city', c.cityPackageId, c.count, remaining);
      reserved.push({ kind: 'city', cityPackageId: c.cityPackageId, cityCode: c.cityCode, count: c.count });
    }
    if (plan.shortfall > 0) {
      const remaining = await this.balances.takeUniversal(m, payer, plan.shortfall);
      if (remaining === null) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, payer, 'universal', null, plan.shortfall, remaining);
      reserved.push({ kind: 'universal', cityPackageId: null, cityCode: null, count: plan.shortfall });
    }
    return reserved;
  }

  private async ledger(
    m: Transaction,
    payer: BatchPayer,
    kind: 'city' | 'universal',
    cityPackageId: number | null,
    count: number,
    after: number,
  ): Promise<void> {
    await this.balances.writeLedger(m, {
      tenantId: payer.tenantId,
      accountId: payer.accountId,
      kind,
      cityPackageId,
      delta: -count,
      balanceAfter: after,
      reason: 'consume',
      refType: 'batch',
      refId: payer.batchId,
      createdBy: payer.accountId,
    });
  }
}
