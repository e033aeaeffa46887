import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { businessToday } from '@valuation/domain';
import { BalanceRepository, type BalanceOwner, type QuotaReservation } from '@valuation/persistence';
import { QuotaExhaustedError } from './quota.service';

/** Whose counts pay and for what: ledger rows name the work by refType (batch, reval) and refId. */
export interface ReservationRef extends BalanceOwner {
  refType: string;
  refId: string;
}

/** How work would be paid: counts per package, city-annual packages first. */
export interface ReservationPlan {
  city: { packageId: number; cityCode: string; count: number }[];
  /** Valuations the city-annual counts do not cover. */
  shortfall: number;
  /** Nationwide packages with counts left, earliest expiry first. */
  universal: { packageId: number; remaining: number }[];
  /** Nationwide counts the account holds. */
  universalAvailable: number;
}

/** Counts given back to one package. */
export interface QuotaRefund {
  kind: 'city' | 'universal';
  packageId: number;
  count: number;
}

/**
 * Valuation counts reserved up front for work valued later (the rows of a batch task, the assets
 * of a revaluation run), in the caller's transaction, and given back for what got no value when
 * the work ends. The packages are locked (in id order, as every multi-package lock takes them)
 * from the plan until commit, so the plan stays true while it is applied. Every change writes a
 * ledger row (reason consume or refund) naming the work.
 */
@Injectable()
export class QuotaReservationService {
  private readonly logger = new Logger(QuotaReservationService.name);

  constructor(private readonly balances: BalanceRepository) {}

  /** `needs`: valuations per city code (null for those whose city is unknown, paid with nationwide counts). */
  async plan(m: EntityManager, payer: BalanceOwner, needs: ReadonlyMap<string | null, number>): Promise<ReservationPlan> {
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
  async apply(m: EntityManager, ref: ReservationRef, plan: ReservationPlan): Promise<QuotaReservation[]> {
    if (plan.shortfall > plan.universalAvailable) throw new QuotaExhaustedError('valuation');
    const reserved: QuotaReservation[] = [];
    for (const c of plan.city) {
      const remaining = await this.balances.take(m, ref, c.packageId, c.count);
      if (remaining === null) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, ref, 'city', c.packageId, -c.count, remaining, 'consume');
      reserved.push({ kind: 'city', packageId: c.packageId, cityCode: c.cityCode, count: c.count });
    }
    let short = plan.shortfall;
    for (const u of plan.universal) {
      if (short <= 0) break;
      const count = Math.min(short, u.remaining);
      const remaining = await this.balances.take(m, ref, u.packageId, count);
      if (remaining === null) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, ref, 'universal', u.packageId, -count, remaining, 'consume');
      reserved.push({ kind: 'universal', packageId: u.packageId, cityCode: null, count });
      short -= count;
    }
    return reserved;
  }

  /**
   * Gives back the counts of what got no value (`unvalued`: how many per city code, null for an
   * unknown city) to the packages they were reserved from, with a ledger row per package. The
   * caller makes sure it runs once for the work.
   */
  async refund(
    m: EntityManager,
    ref: ReservationRef,
    reservations: readonly QuotaReservation[],
    unvalued: readonly { cityCode: string | null; n: number }[],
  ): Promise<QuotaRefund[]> {
    const { refunds, uncovered } = planRefunds(reservations, unvalued);
    if (uncovered > 0)
      this.logger.error(`${ref.refType} ${ref.refId}: ${uncovered} valuations without a value had no reserved count to give back`);
    for (const r of refunds) {
      const after = await this.balances.give(m, ref, r.packageId, r.count);
      await this.ledger(m, ref, r.kind, r.packageId, r.count, after, 'refund');
    }
    return refunds;
  }

  private async ledger(
    m: EntityManager,
    ref: ReservationRef,
    kind: 'city' | 'universal',
    packageId: number,
    delta: number,
    after: number,
    reason: 'consume' | 'refund',
  ): Promise<void> {
    await this.balances.writeLedger(m, {
      tenantId: ref.tenantId,
      accountId: ref.accountId,
      kind,
      packageId,
      delta,
      balanceAfter: after,
      reason,
      refType: ref.refType,
      refId: ref.refId,
      createdBy: ref.accountId,
    });
  }
}

/**
 * Where the counts of valuations without a value go back to: for each city, the city packages
 * reserved for it first, in the order reserved, then the nationwide counts; what nationwide cannot
 * take (those of no known city beyond the nationwide reservation) goes to city packages with
 * reserved counts left. No package gets back more than was reserved from it; `uncovered` counts
 * the valuations the reservations could not cover.
 */
export function planRefunds(
  reservations: readonly QuotaReservation[],
  unvalued: readonly { cityCode: string | null; n: number }[],
): { refunds: QuotaRefund[]; uncovered: number } {
  const slots = reservations.map((r) => ({ kind: r.kind, cityCode: r.cityCode, packageId: r.packageId, spare: r.count, count: 0 }));
  const city = slots.filter((s) => s.kind === 'city');
  const give = (slot: (typeof slots)[number], wanted: number) => {
    const n = Math.min(wanted, slot.spare);
    slot.spare -= n;
    slot.count += n;
    return n;
  };
  let rest = 0;
  for (const { cityCode, n } of unvalued) {
    let left = n;
    for (const slot of city) if (left > 0 && slot.cityCode === cityCode) left -= give(slot, left);
    rest += left;
  }
  for (const slot of slots) if (rest > 0 && slot.kind === 'universal') rest -= give(slot, rest);
  for (const slot of city) if (rest > 0) rest -= give(slot, rest);
  const refunds: QuotaRefund[] = [];
  for (const slot of slots) {
    if (slot.count <= 0) continue;
    const same = refunds.find((r) => r.packageId === slot.packageId);
    if (same) same.count += slot.count;
    else refunds.push({ kind: slot.kind, packageId: slot.packageId, count: slot.count });
  }
  return { refunds, uncovered: rest };
}
