import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { QuotaExhaustedError } from '@valuation/core';
import { businessToday } from '@valuation/domain';
import { preparedQuery, type BatchTaskEntity } from '@valuation/persistence';

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
  /** `needs`: rows per city code (null for rows whose city is unknown, paid with nationwide counts). */
  async plan(m: EntityManager, payer: BatchPayer, needs: ReadonlyMap<string | null, number>): Promise<ReservationPlan> {
    const cityCodes = [...needs.keys()].filter((c): c is string => c !== null);
    const packages: { id: number; city_code: string; remaining: number }[] = cityCodes.length
      ? await m.query(
          `SELECT id, city_code, remaining FROM city_package
            WHERE account_id = $1 AND tenant_id = $2 AND city_code = ANY($3::varchar[]) AND remaining > 0
              AND effective_date <= $4 AND expire_date >= $4
            ORDER BY expire_date, id FOR UPDATE`,
          [payer.accountId, payer.tenantId, cityCodes, businessToday()],
        )
      : [];
    const balance: { universal_count: number }[] = await m.query(
      `SELECT universal_count FROM account_balance WHERE account_id = $1 AND tenant_id = $2 FOR UPDATE`,
      [payer.accountId, payer.tenantId],
    );
    const open = new Map(needs);
    const city: ReservationPlan['city'] = [];
    for (const pkg of packages) {
      const need = open.get(pkg.city_code) ?? 0;
      if (need <= 0) continue;
      const count = Math.min(need, pkg.remaining);
      city.push({ cityPackageId: pkg.id, cityCode: pkg.city_code, count });
      open.set(pkg.city_code, need - count);
    }
    const shortfall = [...open.values()].reduce((a, b) => a + b, 0);
    return { city, shortfall, universalAvailable: balance[0]?.universal_count ?? 0 };
  }

  /** Takes the counts of a plan; nationwide counts cover its shortfall. */
  async apply(m: EntityManager, payer: BatchPayer, plan: ReservationPlan): Promise<BatchReservation[]> {
    if (plan.shortfall > plan.universalAvailable) throw new QuotaExhaustedError('valuation');
    const reserved: BatchReservation[] = [];
    for (const c of plan.city) {
      const rows = await preparedQuery<{ remaining: number }>(
        m,
        'batch-reserve-city',
        `UPDATE city_package SET remaining = remaining - $1 WHERE id = $2 AND account_id = $3 AND remaining >= $1 RETURNING remaining`,
        [c.count, c.cityPackageId, payer.accountId],
      );
      if (!rows.length) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, payer, 'city', c.cityPackageId, c.count, rows[0].remaining);
      reserved.push({ kind: 'city', cityPackageId: c.cityPackageId, cityCode: c.cityCode, count: c.count });
    }
    if (plan.shortfall > 0) {
      const rows = await preparedQuery<{ universal_count: number }>(
        m,
        'batch-reserve-universal',
        `UPDATE account_balance SET universal_count = universal_count - $1, updated_at = now()
          WHERE account_id = $2 AND tenant_id = $3 AND universal_count >= $1 RETURNING universal_count`,
        [plan.shortfall, payer.accountId, payer.tenantId],
      );
      if (!rows.length) throw new QuotaExhaustedError('valuation');
      await this.ledger(m, payer, 'universal', null, plan.shortfall, rows[0].universal_count);
      reserved.push({ kind: 'universal', cityPackageId: null, cityCode: null, count: plan.shortfall });
    }
    return reserved;
  }

  private async ledger(
    m: EntityManager,
    payer: BatchPayer,
    kind: 'city' | 'universal',
    cityPackageId: number | null,
    count: number,
    after: number,
  ): Promise<void> {
    await m.query(
      `INSERT INTO balance_ledger (tenant_id, account_id, kind, city_package_id, delta, balance_after, reason, ref_type, ref_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, 'consume', 'batch', $7, $2)`,
      [payer.tenantId, payer.accountId, kind, cityPackageId, -count, after, payer.batchId],
    );
  }
}
