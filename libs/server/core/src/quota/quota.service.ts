import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { businessToday } from '@valuation/domain';
import { preparedQuery, type LedgerKind } from '@valuation/persistence';

export class QuotaExhaustedError extends Error {
  constructor(readonly kind: 'valuation' | 'advisory' | 'inquiry') {
    super(
      kind === 'valuation'
        ? '估价次数不足，请联系管理员分配次数'
        : kind === 'advisory'
          ? '咨询报告份数不足，请联系管理员分配'
          : '询价报告份数不足，请联系管理员分配',
    );
    this.name = 'QuotaExhaustedError';
  }
}

export interface Charge {
  kind: LedgerKind;
  /** The city package that paid, when a city-annual count was used. */
  cityPackageId: number | null;
  ledgerId: string;
}

/** A valuation charge, and the id of what its write stored (null without a write). */
export interface ValuationCharge extends Charge {
  writtenId: string | null;
}

/**
 * What a charge pays for, written in the charge's transaction (the valuation record): it gets the
 * transaction and the charge, and answers the id of the row it wrote.
 */
export type ChargedWrite = (tx: EntityManager, charge: Charge) => Promise<string>;

export interface ChargeRef {
  tenantId: number;
  accountId: number;
  /** What is paid for: rapid, batch, advisory, inquiry... */
  refType: string;
  refId: string;
  createdBy?: number | null;
}

/**
 * Atomic consumption of balances. Every change writes a ledger row in the caller's transaction;
 * conditional updates (remaining > 0) mean concurrent requests can never overdraw.
 */
@Injectable()
export class QuotaService {
  /**
   * One valuation in a city: a valid city-annual package covering the city (earliest expiry
   * first), else a nationwide count. One statement takes the count (a conditional update, so
   * concurrent charges never overdraw) and writes the ledger row; then `write`, when given, stores
   * what the charge pays for. Charge and write commit together: with a write and no transaction
   * open on `m`, one is opened for them; a write that fails rolls the charge back, and a refused
   * charge never writes.
   */
  async consumeValuation(m: EntityManager, cityCode: string, ref: ChargeRef, write?: ChargedWrite): Promise<ValuationCharge> {
    if (write && !m.queryRunner?.isTransactionActive) return m.transaction((tx) => this.consumeValuation(tx, cityCode, ref, write));
    const rows = await preparedQuery<{ id: string; kind: LedgerKind; city_package_id: number | null }>(
      m,
      'consume-valuation',
      `WITH pkg AS (
         SELECT id FROM city_package
          WHERE account_id = $1 AND tenant_id = $2 AND city_code = $3 AND remaining > 0
            AND effective_date <= $4 AND expire_date >= $4
          ORDER BY expire_date, id LIMIT 1 FOR UPDATE
       ), city AS (
         UPDATE city_package SET remaining = remaining - 1
          WHERE id = (SELECT id FROM pkg) AND remaining > 0
          RETURNING id, remaining
       ), universal AS (
         UPDATE account_balance SET universal_count = universal_count - 1, updated_at = now()
          WHERE account_id = $1 AND tenant_id = $2 AND universal_count > 0 AND NOT EXISTS (SELECT 1 FROM city)
          RETURNING universal_count
       ), charged AS (
         INSERT INTO balance_ledger (tenant_id, account_id, kind, city_package_id, delta, balance_after, reason, ref_type, ref_id, created_by)
         SELECT $2::int, $1::int, 'city', id, -1, remaining, 'consume', $5::varchar, $6::varchar, $7::int FROM city
         UNION ALL
         SELECT $2::int, $1::int, 'universal', NULL, -1, universal_count, 'consume', $5::varchar, $6::varchar, $7::int FROM universal
         RETURNING id, kind, city_package_id
       )
       SELECT id, kind, city_package_id FROM charged`,
      [ref.accountId, ref.tenantId, cityCode, businessToday(), ref.refType, ref.refId, ref.createdBy ?? ref.accountId],
    );
    if (!rows.length) throw new QuotaExhaustedError('valuation');
    const charge: Charge = { kind: rows[0].kind, cityPackageId: rows[0].city_package_id, ledgerId: String(rows[0].id) };
    return { ...charge, writtenId: write ? await write(m, charge) : null };
  }

  /** One report copy (advisory or inquiry). */
  consumeReport(m: EntityManager, kind: 'advisory' | 'inquiry', ref: ChargeRef): Promise<Charge> {
    return this.consumeCount(m, kind, ref);
  }

  /** Gives back what a charge took, with a compensating ledger row. */
  async refund(m: EntityManager, charge: Charge, ref: ChargeRef): Promise<void> {
    let after: number;
    if (charge.kind === 'city') {
      const rows = await preparedQuery<{ remaining: number }>(
        m,
        'refund-city',
        `UPDATE city_package SET remaining = remaining + 1 WHERE id = $1 AND account_id = $2 RETURNING remaining`,
        [charge.cityPackageId, ref.accountId],
      );
      after = rows[0].remaining;
    } else {
      const column = `${charge.kind}_count`;
      const rows = await preparedQuery<{ n: number }>(
        m,
        `refund-${charge.kind}`,
        `UPDATE account_balance SET ${column} = ${column} + 1, updated_at = now() WHERE account_id = $1 AND tenant_id = $2 RETURNING ${column} AS n`,
        [ref.accountId, ref.tenantId],
      );
      after = rows[0].n;
    }
    await this.insertLedger(m, ref, charge.kind, 1, after, charge.cityPackageId, 'refund');
  }

  private async consumeCount(m: EntityManager, kind: 'universal' | 'advisory' | 'inquiry', ref: ChargeRef): Promise<Charge> {
    const column = `${kind}_count`;
    const rows = await preparedQuery<{ n: number }>(
      m,
      `consume-${kind}`,
      `UPDATE account_balance SET ${column} = ${column} - 1, updated_at = now()
        WHERE account_id = $1 AND tenant_id = $2 AND ${column} > 0 RETURNING ${column} AS n`,
      [ref.accountId, ref.tenantId],
    );
    if (!rows.length) throw new QuotaExhaustedError(kind === 'universal' ? 'valuation' : kind);
    return this.ledger(m, ref, kind, rows[0].n, null);
  }

  private async ledger(m: EntityManager, ref: ChargeRef, kind: LedgerKind, after: number, cityPackageId: number | null): Promise<Charge> {
    const ledgerId = await this.insertLedger(m, ref, kind, -1, after, cityPackageId, 'consume');
    return { kind, cityPackageId, ledgerId };
  }

  private async insertLedger(
    m: EntityManager,
    ref: ChargeRef,
    kind: LedgerKind,
    delta: number,
    after: number,
    cityPackageId: number | null,
    reason: 'consume' | 'refund',
  ): Promise<string> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO balance_ledger (tenant_id, account_id, kind, city_package_id, delta, balance_after, reason, ref_type, ref_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [ref.tenantId, ref.accountId, kind, cityPackageId, delta, after, reason, ref.refType, ref.refId, ref.createdBy ?? ref.accountId],
    );
    return rows[0].id;
  }
}
